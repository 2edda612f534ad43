//! The binary's and the service's end-to-end tests, one binary (each binary links the whole
//! program, which costs minutes on two cores): a module per area, with what it holds.

/// Shared helpers: the repository, a running service on a free port, requests.
mod common;

/// Every answer a function of its question only: a mixed-rule set, fresh and reused.
mod answers;
/// The HTTP service: every endpoint against the real `schafkopf serve`.
mod api;
/// The `schafkopf` binary: real process, real files, real output.
mod cli;
/// docs/GUIDE.md's and the README's console examples, replayed.
mod guide;
/// A store outage: the service on a PostgreSQL server of its own, stopped under it.
mod outage;
/// The replay page in a real browser (headless Chromium over WebDriver).
mod pages;
/// The service on an open network: headers, limits, hostile input.
mod security;
/// The service under abuse: clients that leave, crashes, load.
mod torture;
