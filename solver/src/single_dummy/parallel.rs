//! Independent searches spread over several solvers, one thread each, with the answers in
//! task order: the same answers whatever the number of solvers.

use crate::error::Error;
use crate::search::Solver;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The first of `solvers`, which single-threaded work uses; none is a caller's fault.
pub fn first(solvers: &mut [Solver]) -> Result<&mut Solver, Error> {
    solvers
        .first_mut()
        .ok_or(Error::BadView("no solver to search with".to_string()))
}

/// `f(solver, i)` for every task `i` in `0..tasks`, the tasks taken in turn by as many
/// threads as there are solvers. Once a task fails the rest are skipped and a failed
/// task's error is returned.
pub fn each<T: Send>(
    solvers: &mut [Solver],
    tasks: usize,
    f: impl Fn(&mut Solver, usize) -> Result<T, Error> + Sync,
) -> Result<Vec<T>, Error> {
    if solvers.len() <= 1 || tasks <= 1 {
        let solver = first(solvers)?;
        return (0..tasks).map(|i| f(solver, i)).collect();
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let done: Mutex<Vec<(usize, Result<T, Error>)>> = Mutex::new(Vec::with_capacity(tasks));
    std::thread::scope(|scope| {
        for solver in solvers.iter_mut() {
            let (next, failed, done, f) = (&next, &failed, &done, &f);
            scope.spawn(move || {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= tasks || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = f(solver, i);
                    failed.fetch_or(r.is_err(), Ordering::Relaxed);
                    mine.push((i, r));
                }
                // A poisoned lock means another worker panicked; its panic is re-raised
                // by the scope, so this worker's answers are not needed.
                if let Ok(mut all) = done.lock() {
                    all.extend(mine);
                }
            });
        }
    });
    let mut all = done.into_inner().unwrap_or_else(|e| e.into_inner());
    all.sort_by_key(|(i, _)| *i);
    let mut out = Vec::with_capacity(tasks);
    for (_, r) in all {
        out.push(r?);
    }
    if out.len() < tasks {
        // Only after an error: every task runs otherwise.
        return Err(Error::BadView("a search was skipped".to_string()));
    }
    Ok(out)
}
