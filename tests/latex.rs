//! The LaTeX a handout gets compiles: tables in both languages with exact
//! fractions, decimals, large numbers, symbols and every special character,
//! through `pdflatex` (Debian's texlive-latex-base, installed by `make test`).
//! Without `pdflatex` the test says so and passes, unless
//! `LUDOLAB_REQUIRE_TEX=1` (as `make test` sets) makes it fail.

use ludolab::toolkit::{latex::tabular, Lang};
use std::process::Command;

fn strings(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| (*c).to_string()).collect()
}

#[test]
fn tables_compile_with_latex_alone() {
    let mut body = String::new();
    body.push_str(&tabular(
        "P exactement — joueur 1 \\ joueur 2 (l’exemple 2)",
        &strings(&["i \\ j", "0", "1"]),
        &[
            strings(&["0", "1192/1683", "152/187"]),
            strings(&["1", "−3/4", "0,508654"]),
            strings(&["2", "1\u{202f}274", "1,5e-13"]),
        ],
        Lang::Fr,
        "http://127.0.0.1:8000/#game=snakes&v=1&matrix=1%2F8%2C1%2F4",
    ));
    body.push_str(&tabular(
        "Strategies ≈ 50% & more: A₁ → A₂, n ≤ 10, × ∞ {x} $5 #3 _ ^ ~ < > |",
        &strings(&["player 1 \\ player 2", "blind", "optimal"]),
        &[
            strings(&["blind", "0.06699", "-0.03129"]),
            strings(&["optimal", "1,274", "☠ ● ○ ✓ …"]),
            strings(&["", "", ""]),
            strings(&["short row"]),
        ],
        Lang::En,
        "",
    ));
    body.push_str(&tabular("", &[], &[], Lang::En, ""));
    // A 31-column P table: cut into blocks that fit the page, each with the row names.
    let headers: Vec<String> = std::iter::once("i \\ j".to_string())
        .chain((0..31).map(|j| j.to_string()))
        .collect();
    let rows: Vec<Vec<String>> = (0..31)
        .map(|i| {
            std::iter::once(i.to_string())
                .chain((0..31).map(|j| format!("0.{:04}", (i * 31 + j) % 10_000)))
                .collect()
        })
        .collect();
    let wide = tabular("P, 31 squares", &headers, &rows, Lang::En, "");
    assert_eq!(wide.matches("\\begin{tabular}").count(), 3, "{wide}");
    assert_eq!(wide.matches("\\begin{table}").count(), 1);
    for spec in wide.lines().filter(|l| l.starts_with("\\begin{tabular}")) {
        assert!(
            spec.len() - "\\begin{tabular}{}".len() <= ludolab::toolkit::latex::MAX_COLUMNS,
            "{spec}"
        );
    }
    body.push_str(&wide);
    let doc = format!("\\documentclass{{article}}\n\\begin{{document}}\n{body}\\end{{document}}\n");
    let dir = std::env::temp_dir().join(format!("ludolab-latex-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tables.tex"), &doc).unwrap();
    let run = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "tables.tex"])
        .current_dir(&dir)
        .output();
    match run {
        Err(e) => {
            assert!(
                std::env::var_os("LUDOLAB_REQUIRE_TEX").is_none(),
                "pdflatex is required (LUDOLAB_REQUIRE_TEX) but could not run: {e}"
            );
            eprintln!("pdflatex not found ({e}): the LaTeX was not compiled");
        }
        Ok(out) => {
            let out_text = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "pdflatex failed:\n{out_text}\n--- the document:\n{doc}"
            );
            assert!(dir.join("tables.pdf").exists());
            // No character was dropped silently for want of a glyph.
            let log = std::fs::read_to_string(dir.join("tables.log")).unwrap();
            assert!(!log.contains("Missing character"), "{log}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
