#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| schafkopf_fuzz::checks::record_json(data));
