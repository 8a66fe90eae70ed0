//! cargo-fuzz (libFuzzer) on the share-link parser: any bytes, as a link, either
//! open and write themselves back the same, or are refused with a short message
//! in both languages. `make fuzz-libfuzzer` runs it (needs a nightly toolchain);
//! `make fuzz` runs the property-test fuzzing that needs none.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludolab::registry::{link_query, parse_link};
use ludolab::toolkit::Lang;

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    match parse_link(&query) {
        Ok(link) => assert_eq!(parse_link(&link_query(&link)), Ok(link)),
        Err(e) => {
            for lang in Lang::ALL {
                let message = e.message(lang);
                assert!(!message.is_empty() && message.len() < 450, "{message}");
            }
        }
    }
});
