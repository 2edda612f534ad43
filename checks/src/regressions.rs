//! The fuzz targets' properties on the stable toolchain: every input a fuzz run found and
//! kept (`tests/fuzz/<target>/`), the seed files the runs start from, and random inputs for
//! the small searches. A finding is kept as a file there and stays fixed from then on.

use crate as checks;
use solver::formats::LogFormat;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files under `dir` (none if it does not exist), in name order.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    found.retain(|p| p.is_file());
    found.sort();
    found
}

/// Runs `check` on `input`, naming the input if it fails.
fn holds(what: &Path, input: &[u8], check: impl Fn(&[u8])) {
    // Nothing is used after a failure but to name the input.
    let run = std::panic::AssertUnwindSafe(|| check(input));
    if std::panic::catch_unwind(run).is_err() {
        panic!("{} fails its fuzz check", what.display());
    }
}

/// A fuzz target's name and its check.
type Target<'a> = (&'a str, &'a dyn Fn(&[u8]));

#[test]
fn every_kept_finding_holds() {
    let targets: [Target; 5] = [
        ("record_json", &checks::record_json),
        ("netschafkopf", &|d| {
            checks::foreign_log(d, LogFormat::Netschafkopf)
        }),
        ("plain", &|d| {
            checks::foreign_log(d, LogFormat::Openschafkopf)
        }),
        ("card_text", &checks::card_text),
        ("small_search", &checks::small_search),
    ];
    for (target, check) in targets {
        for file in files(&repo().join("tests/fuzz").join(target)) {
            let input = std::fs::read(&file).unwrap();
            holds(&file, &input, check);
        }
    }
}

#[test]
fn the_seed_files_hold() {
    let records = [repo().join("examples"), repo().join("tests/data")];
    for file in records.iter().flat_map(|d| files(d)) {
        let text = std::fs::read(&file).unwrap();
        if file.extension().is_some_and(|e| e == "jsonl") {
            for line in text.split(|&b| b == b'\n') {
                holds(&file, line, checks::record_json);
                holds(&file, line, checks::card_text);
            }
        }
    }
    for file in files(&repo().join("tests/data/netschafkopf")) {
        let text = std::fs::read(&file).unwrap();
        holds(&file, &text, |d| {
            checks::foreign_log(d, LogFormat::Netschafkopf)
        });
    }
}

#[test]
fn random_small_searches_hold() {
    let mut rng = solver::Rng::new(27);
    let mut positions = 0;
    for _ in 0..400 {
        let input: Vec<u8> = (0..96).map(|_| rng.below(256) as u8).collect();
        if checks::small_position(&input).is_some() {
            positions += 1;
        }
        holds(Path::new("a random input"), &input, checks::small_search);
    }
    assert!(
        positions >= 100,
        "only {positions} of 400 inputs made a position"
    );
}
