#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| schafkopf_checks::card_text(data));
