"""The typed functions agree with the seeds, the publications and the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import ludolab
from ludolab.partizan import Game


# Snakes and Ladders (seed 000)


def test_the_seed_board_satisfies_its_defining_equations():
    P, E = ludolab.snakes.matrices(preset="audet")
    A = ludolab.snakes.transition(preset="audet")
    J = np.ones_like(P)
    assert P.shape == (100, 100) and P.dtype == np.float64
    assert np.abs(P + A @ P.T - J).max() < 1e-12
    assert np.abs(E - A @ E.T - J).max() < 1e-10
    assert abs(P[0, 0] - 0.5086541980) < 1e-9 and abs(E[0, 0] - 47.7605600697) < 1e-9


def test_exact_matrices_are_the_seeds_fractions():
    P, E = ludolab.snakes.matrices(preset="example2", exact=True)
    assert P.dtype == object
    assert P[0, 0] == Fraction(1192, 1683) and P[1, 1] == Fraction(328, 561)
    assert E[0, 0] == Fraction(664, 363) and E[1, 1] == Fraction(504, 121)
    Pf, _ = ludolab.snakes.matrices(preset="example2")
    assert np.allclose(Pf, P.astype(float), rtol=1e-14)


def test_the_smallest_board():
    P, E = ludolab.snakes.matrices(squares=2)
    assert P.shape == E.shape and np.isfinite(P).all() and (P >= 0).all() and (P <= 1).all()


# Dice Battle (seed 001) and Orchard (seed 002)


def test_eg_opt_are_the_command_lines(cli):
    EG, OPT = ludolab.dice.eg_opt(dice=10, target=100)
    theirs, _ = cli("dice", "sequential", "--dice", "10", "--target", "100", "--json")
    assert EG.shape == (100, 100) and OPT.dtype == np.int64
    assert np.array_equal(EG, np.array(theirs["eg"])) and np.array_equal(OPT, np.array(theirs["opt"]))
    assert OPT[0, 0] == 6 and abs(EG[0, 0] - theirs["eg00"]) == 0
    # Antisymmetry of a zero-sum game's value.
    assert abs(EG[5, 5]) < 1


def test_eg_opt_smallest_game():
    EG, OPT = ludolab.dice.eg_opt(dice=1, target=1)
    assert EG.shape == (1, 1) and OPT[0, 0] == 1 and EG[0, 0] == 1.0


def test_orchard_probabilities_are_exact_and_the_reports():
    p = ludolab.orchard.win_probability()
    r = ludolab.orchard.report()
    assert set(p) == {"max", "min", "random", "optimal"}
    assert all(isinstance(v, Fraction) for v in p.values())
    for row in r["strategies"]:
        assert abs(float(p[row["strategy"]]) - row["win_probability"]) < 1e-12
    assert p["optimal"] >= p["max"] > p["random"] > p["min"]


# Impartial games (seed 003)


def test_kayles_grundy_values_and_its_period():
    g = ludolab.impartial.grundy("0.77", 300)
    assert g.dtype == np.uint32 and g.shape == (301,)
    # Winning Ways: Kayles' values, periodic with period 12 from heap 71.
    assert g[:13].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    assert all(g[n] == g[n + 12] for n in range(71, 289))
    assert g[70] != g[82]


def test_grundy_is_the_command_lines(cli):
    for code, n in [("0.376", 5000), ("0.137", 2000), ("4.07", 1000), ("grundy", 3000)]:
        theirs, error = cli("octal", code, "--up-to", str(n), "--json")
        assert error is None, error
        ours = ludolab.impartial.grundy(code, n)
        assert ours.tolist() == theirs["values"], code
        assert int(ours.max()) == theirs["largest"]["value"]


def test_subtraction_sets_and_edges():
    assert ludolab.impartial.grundy([1, 2, 3], 8).tolist() == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert ludolab.impartial.grundy("1,2,3", 0).tolist() == [0]
    assert ludolab.impartial.grundy("0.77", 0).tolist() == [0]
    with pytest.raises(ludolab.LudolabError, match="heap size"):
        ludolab.impartial.grundy("0.77", 2**40)
    with pytest.raises(ludolab.LudolabError):
        ludolab.impartial.grundy("0.9", 10)
    with pytest.raises(ludolab.LudolabError):
        ludolab.impartial.grundy([0], 10)


def test_misere_quotient_of_kayles_like_game(cli):
    ours = ludolab.impartial.misere_quotient("0.75", 20)
    theirs, error = cli("misere", "--quotient", "--code", "0.75", "--heap-limit", "20", "--json")
    assert error is None
    theirs.pop("seconds")
    assert ours == theirs
    # Plambeck and Siegel: the misère quotient of 0.75 has order 8, P-portion {a, c²}.
    assert ours["order"] == 8 and ours["p_portion"] == ["a", "c²"]


# Game graphs (seed 004)


def test_attractor_on_a_networkx_graph():
    nx = pytest.importorskip("networkx")
    G = nx.DiGraph()
    G.add_nodes_from([("a", {"owner": 1}), ("b", {"owner": 2}), ("c", {"owner": 2}), ("d", {"owner": 2})])
    G.add_edges_from([("a", "b"), ("b", "c"), ("a", "c"), ("b", "a"), ("d", "a"), ("d", "d")])
    assert ludolab.graphs.attractor(G, 1, ["c"]) == {"a": 1, "b": 2, "c": 0}
    assert ludolab.graphs.attractor(G, 2, ["a"]) == {"a": 0, "b": 1, "d": 1}
    assert ludolab.graphs.attractor(nx.DiGraph(), 1, []) == {}
    with pytest.raises(ludolab.LudolabError, match="owner"):
        ludolab.graphs.attractor(nx.DiGraph([(1, 2)]), 1, [2])
    with pytest.raises(ludolab.LudolabError, match="player"):
        ludolab.graphs.attractor(G, 3, ["a"])


def test_attractor_agrees_with_the_subtraction_arenas_report():
    nx = pytest.importorskip("networkx")
    # The stick game with 9 sticks, takes 1..3: vertex (sticks, player to move).
    G = nx.DiGraph()
    for s in range(10):
        for p in (1, 2):
            G.add_node((s, p), owner=p)
            for t in (1, 2, 3):
                if t <= s:
                    G.add_edge((s, p), (s - t, 3 - p))
    # Whoever cannot move (0 sticks) has lost: player 1 wins at (0, 2).
    ranks = ludolab.graphs.attractor(G, 1, [(0, 2)])
    r = ludolab.graphs.report("subtraction", sticks=9, take="1,2,3")
    # Player 1 wins from 9 (take 1, leave a multiple of 4), not from 8.
    assert ranks[(9, 1)] == 5 and (8, 1) not in ranks and (4, 1) not in ranks
    assert len(ranks) == r["attractor_sizes"][0] and max(ranks.values()) == r["max_rank"][0]


# Parity games


def test_oinks_files_solved_and_verified(data):
    for path in sorted((data / "oink").glob("*.pg")):
        s = ludolab.parity.solve(path)
        assert s.report["verified"], path
        assert sorted(s.won_by_even + s.won_by_odd) == list(range(s.report["vertices"]))
        for v, w in s.strategy.items():
            assert (v in s.won_by_even) == (w in s.won_by_even)
        for solver in ("zielonka", "tangle", "promotion"):
            other = ludolab.parity.solve(path.read_text(), solver=solver)
            assert (other.won_by_even, other.won_by_odd) == (s.won_by_even, s.won_by_odd), (path, solver)


def test_a_gzipped_file_and_a_path_object(tmp_path, data):
    import gzip

    text = (data / "oink" / "counter_m_7.pg").read_bytes()
    packed = tmp_path / "counter_m_7.pg.gz"
    packed.write_bytes(gzip.compress(text))
    assert ludolab.parity.solve(packed).won_by_even == ludolab.parity.solve(text).won_by_even
    assert ludolab.parity.solve(str(packed)).won_by_odd == ludolab.parity.solve(text.decode()).won_by_odd


def test_parity_is_the_command_lines(cli, data):
    path = data / "oink" / "tc_5.pg"
    theirs, error = cli("parity", "--file", str(path), "--json")
    assert error is None
    ours = ludolab.parity.solve(str(path))
    assert ours.won_by_even == theirs["won_by_even"] and ours.won_by_odd == theirs["won_by_odd"]
    assert sorted(ours.strategy.items()) == sorted(map(tuple, theirs["strategy"]))


def test_parity_on_networkx_and_generated_games():
    nx = pytest.importorskip("networkx")
    G = nx.DiGraph()
    G.add_node("x", owner=0, priority=1)
    G.add_node("y", owner=1, priority=2)
    G.add_edges_from([("x", "y"), ("y", "x"), ("y", "y")])
    s = ludolab.parity.solve(G)
    # Odd owns y and keeps play there on its own loop of priority 2: Even wins everywhere.
    assert s.won_by_even == ["x", "y"] and s.won_by_odd == [] and s.strategy == {"x": "y"}
    text = ludolab.parity.generate("two-counters", 3)
    assert text.startswith("parity ")
    assert ludolab.parity.generate("random", 50, seed=7) == ludolab.parity.generate("random", 50, seed=7)
    with pytest.raises(ludolab.LudolabError, match="source"):
        ludolab.parity.generate("chess", 3)
    with pytest.raises(ludolab.LudolabError, match="line 1"):
        ludolab.parity.solve("parity x;")
    with pytest.raises(ludolab.LudolabError):
        ludolab.parity.solve(nx.DiGraph([(0, 1)]))


# Connect Four


def test_connect_four_from_pons_sample(data, cli):
    sample = json.loads((data / "connect4_pons_sample.json").read_text())["sets"]
    checked = 0
    for name in ("Test_L3_R1", "Test_L2_R1"):
        for position in sample[name]["positions"][:3]:
            assert ludolab.connect4.solve(position["moves"], columns=False)["score"] == position["score"], position
            checked += 1
    assert checked == 6
    late = sample["Test_L3_R1"]["positions"][0]["moves"]
    ours = ludolab.connect4.solve(late)
    theirs, _ = cli("connect4", "--moves", late, "--analyze", "--json")
    assert ours["score"] == theirs["score"] and ours["columns"] == theirs["columns"]


def test_connect_four_small_boards_and_bad_moves():
    assert ludolab.connect4.solve(width=4, height=4)["score"] == 0
    with pytest.raises(ludolab.LudolabError, match="moves"):
        ludolab.connect4.solve("9")


# Partizan games


def test_winning_ways_values():
    assert str(Game("{0|*}")) == "^" and Game("^") > Game("0")
    assert Game("*").fuzzy(Game("0")) and not Game("*") == Game("0")
    assert Game("{1|-1}").outcome == "N" and Game("0").outcome == "P"
    assert Game("{2|-1}").mean == Fraction(1, 2) and Game("{2|-1}").temperature == Fraction(3, 2)
    assert Game("3/4").mean == Fraction(3, 4) and Game("3/4").temperature < 0
    # Domineering: a 2 × 2 square is ±1, a vertical domino's column is 1.
    assert str(Game.domineering("../..")) == "+-1"
    assert Game.domineering("./.") == Game("1")
    # Toads and Frogs: T.F is * (whoever moves first wins); TF. is 1 (Winning Ways).
    assert Game.toads("T.F") == Game("*")
    assert Game.hackenbush("g-a:b") == Game("1") and Game.hackenbush("g-a:r") == Game("-1")
    assert Game.cutcake("1x2") == Game("1") and Game.clobber("xo").outcome == "N"
    assert [str(g) for g in Game("{1|*}").left_options] == ["1"]
    assert Game("{1|*}").canonical["right"][0]["value"] == "*"


def test_group_laws():
    gs = [Game(t) for t in ("0", "*", "^", "{1|*}", "+-1", "3/4", "v*", "{2|-1}")]
    zero = Game("0")
    for g in gs:
        assert g + zero == g and g - g == zero and -(-g) == g and g + (-g) == zero
        for h in gs:
            assert g + h == h + g
            assert (g <= h) == ((h - g) >= zero)
            assert g.fuzzy(h) == (not (g <= h) and not (h <= g))
            for k in gs[:4]:
                assert (g + h) + k == g + (h + k)
    assert len({Game("^") + Game("^"), Game("{0|^}") + Game("*")}) == 1


def test_partizan_is_the_command_lines(cli):
    theirs, _ = cli("partizan", "--ruleset", "domineering", "--position", "..../..../....", "--json")
    g = Game.domineering("..../..../....")
    assert str(g) == theirs["value"] and g.outcome == theirs["outcome"]
    assert g.canonical == theirs["canonical"] and str(g.mean) == theirs["mean"]


def test_partizan_bad_input():
    with pytest.raises(ludolab.LudolabError):
        Game("{1|")
    with pytest.raises(ludolab.LudolabError, match="position"):
        Game.domineering("..x/..")
    assert Game("0") == Game("{|}")


# Drawings: the page's own, as SVG


def texts(svg):
    """The words of an SVG drawing."""
    import html
    import re

    return {html.unescape(t.strip()) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)}


def test_heat_maps_are_the_pages_drawings():
    P, _ = ludolab.snakes.matrices(preset="grid1")
    d = ludolab.drawing.heatmap(P, x_label="opponent's square", y_label="square to move")
    svg = d._repr_svg_()
    assert svg.startswith("<svg") and {"opponent's square", "square to move"} <= texts(svg)
    assert svg.count("<rect") >= 36
    _, OPT = ludolab.dice.eg_opt(dice=3, target=10)
    legend = texts(ludolab.drawing.heatmap(OPT, categorical=True).svg)
    assert {str(v) for v in set(OPT.ravel().tolist())} <= legend


def test_heat_map_edges():
    one = ludolab.drawing.heatmap([[0.5]]).svg
    assert one.startswith("<svg")
    undefined = ludolab.drawing.heatmap([[np.nan, 1.0], [0.0, 0.5]], undefined_label="not defined").svg
    assert "not defined" in texts(undefined)
    with pytest.raises(ludolab.LudolabError, match="2-dimensional"):
        ludolab.drawing.heatmap([1.0, 2.0])
    with pytest.raises(ludolab.LudolabError, match="needs 0 values|heat map"):
        ludolab.drawing.heatmap(np.zeros((0, 3)))


def titles(svg):
    """The hover titles of an SVG drawing."""
    import html
    import re

    return [html.unescape(t) for t in re.findall(r"<title>([^<]*)</title>", svg)]


def test_a_game_shows_its_canonical_form_as_the_pages_tree():
    tree = Game("{1|*}")._repr_svg_()
    assert tree.startswith("<svg") and 'aria-label="the game tree of {1|*}"' in tree
    # Left's 1 and Right's * from the root, then *'s two options 0.
    assert tree.count("pz-branch left") == 2 and tree.count("pz-branch right") == 2
    assert titles(tree) == ["{1|*}", "1", "*", "0", "0"]
    assert Game("5")._repr_svg_().count("<rect") == 1, "a number is a leaf"
    deep = Game("{{{{{{1|0}|0}|0}|0}|0}|0}")._repr_svg_()
    assert "pz-node-disc more" in deep, "options beyond four levels: a dashed ring"


def test_thermographs_are_the_pages_drawings():
    hot = ludolab.drawing.thermograph(Game("{1|-1}")).svg
    assert hot.count("<polyline") == 2 and {"temperature 1", "mean 0", "← Left", "Right →"} <= texts(hot)
    cold = ludolab.drawing.thermograph(Game("3/4"), width=100).svg
    assert 'width="280"' in cold and "pz-level" not in cold and "mean 3/4" in texts(cold)
    with pytest.raises(ludolab.LudolabError, match="thermograph"):
        ludolab._core.thermograph_svg('{"left_wall": [], "right_wall": [], "mean": "0", "temperature": "0"}', 400)
    with pytest.raises(ludolab.LudolabError, match="thermograph"):
        ludolab._core.thermograph_svg("not json", 400)


def test_a_solved_parity_game_and_an_attractor_show_themselves():
    s = ludolab.parity.solve("parity 1;\n0 2 0 1;\n1 1 1 0;\n")
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and {"2", "1", "0"} <= texts(svg)
    assert 'fill="#CCE3F0"' in svg.upper().replace("FILL=", "fill="), "both won by Even: pale blue"
    big = ludolab.parity.solve(ludolab.parity.generate("random", 200, seed=1))
    assert big._repr_svg_() is None, "beyond the page's drawing limit: the text repr"
    nx = pytest.importorskip("networkx")
    g = nx.DiGraph()
    g.add_nodes_from([("a", {"owner": 1}), ("b", {"owner": 2}), ("c", {"owner": 1})])
    g.add_edges_from([("a", "b"), ("b", "c")])
    a = ludolab.graphs.attractor(g, 1, ["c"])
    assert a == {"c": 0, "b": 1, "a": 2} and isinstance(a, dict)
    assert {"rank 0", "rank 1", "rank 2", "a", "b", "c"} <= texts(a._repr_svg_())
    with pytest.raises(ludolab.LudolabError, match="player is 1 or 2"):
        ludolab._core.attractor_svg([1, 3], [], 1, [None, None], ["x", "y"])
    with pytest.raises(ludolab.LudolabError, match="rank and a label"):
        ludolab._core.attractor_svg([1, 2], [(0, 5)], 1, [None, None], ["x", "y"])


def test_a_connect_four_position_shows_the_pages_board():
    p = ludolab.connect4.solve("1212", width=4, height=4)
    svg = p._repr_svg_()
    assert svg.count("<circle") == 16
    assert svg.count('fill="#e6b800"') == 2 and svg.count('fill="#d55e00"') == 2
    import re

    scored = re.findall(r'font-weight="700"[^>]*>([^<]*)</text>', svg)
    assert len(scored) == 4 and all(t[0] in "+−0—" for t in scored), scored
    assert {"1", "2", "3", "4"} <= texts(svg)
    with pytest.raises(ludolab.LudolabError, match="needs 42 cells"):
        ludolab._core.connect4_svg(7, 6, [0] * 41, [])
