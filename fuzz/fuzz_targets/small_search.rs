#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| schafkopf_checks::small_search(data));
