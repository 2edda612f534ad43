//! The solver's integration tests, one binary (each binary links the whole library, which
//! costs minutes on two cores): a module per area, with what it holds.

/// Shared helpers: seeded deals of every contract, records, games played out.
mod common;

/// `analyze` against `solve`: the same values on every prefix of a game.
mod analysis;
/// The best line against `solve`: every card of it keeps the value.
mod best_line;
/// A node budget stops a search with an error and leaves the solver exact.
mod budget;
/// `contracts` against separate searches of each contract.
mod contracts;
/// The search pinned: values and node counts of fixed positions against a golden file.
mod golden;
/// Every NetSchafkopf protocol imports, and the recorded results are ours.
mod netschafkopf;
/// The fast solver against the naive minimax on random positions of every contract.
mod oracle;
/// openschafkopf's plain format, written and read back.
mod plain;
/// Property tests over random deals played out with random legal cards.
mod properties;
/// Every kind of malformed record gets its own, named error.
mod record_errors;
/// One solver asked about a deal under other rules answers as a fresh one.
mod reuse;
/// Settlements the seeds fix beyond the worked checks.
mod settlement;
/// Single-dummy judgement against the worlds it averages over.
mod single_dummy;
/// Tables of six and eight and double packs: the search against the naive minimax.
mod wide;
/// RULES.md section 10, one test per worked check.
mod worked_checks;
