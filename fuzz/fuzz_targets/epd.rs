//! Fuzzes EPD reading: any text either fails with an error or gives a
//! position and operations that write out and read back unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_notation::parse_epd;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(epd) = parse_epd(text) else {
        return;
    };
    let written = epd.to_string();
    let again =
        parse_epd(&written).unwrap_or_else(|e| panic!("`{written}` does not read back: {e}"));
    assert_eq!(again.operations, epd.operations, "`{text}` -> `{written}`");
    assert_eq!(again.to_string(), written);
});
