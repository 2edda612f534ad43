#![no_main]

use solver::formats::LogFormat;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    schafkopf_checks::foreign_log(data, LogFormat::Openschafkopf)
});
