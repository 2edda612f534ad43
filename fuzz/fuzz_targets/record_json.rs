#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| schafkopf_checks::record_json(data));
