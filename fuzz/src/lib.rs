//! The properties the fuzz targets hold ([`checks`]); the targets are in `fuzz_targets/`.

pub mod checks;
