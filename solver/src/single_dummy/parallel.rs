//! Independent searches spread over several solvers, one thread each, with the answers in
//! task order: the same answers whatever the number of solvers.
//!
//! [`each`] runs a fixed set of tasks; [`each_until`] runs tasks until their answers,
//! read in order, say stop, with no thread waiting at the points where it may stop.

use crate::error::Error;
use crate::search::Solver;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

/// The first of `solvers`, which single-threaded work uses; none is a caller's fault.
pub fn first(solvers: &mut [Solver]) -> Result<&mut Solver, Error> {
    solvers
        .first_mut()
        .ok_or(Error::BadView("no solver to search with".to_string()))
}

/// `f(solver, i)` for every task `i` in `0..tasks`, the tasks taken in turn by as many
/// threads as there are solvers ([`each_until`], never told to stop). Once a task fails
/// the rest are skipped and a failed task's error is returned.
pub fn each<T: Send>(
    solvers: &mut [Solver],
    tasks: usize,
    f: impl Fn(&mut Solver, usize) -> Result<T, Error> + Sync,
) -> Result<Vec<T>, Error> {
    let mut out = Vec::with_capacity(tasks);
    each_until(solvers, tasks, f, |answer| {
        out.push(answer);
        Ok(true)
    })?;
    Ok(out)
}

/// `f(solver, i)` for the tasks `0..tasks` in turn, on as many threads as there are
/// solvers, each answer handed to `take` in task order as soon as it and every one before
/// it are in; `take` says whether to go on. Once it says stop no task starts any more, and
/// the searches of the tasks under way are halted, their answers unread: `take` sees the
/// same answers, in the same order, whatever the number of solvers, while no thread waits
/// for the others at the points where `take` may stop. A failed task's error is returned
/// when its turn comes.
pub fn each_until<T: Send>(
    solvers: &mut [Solver],
    tasks: usize,
    f: impl Fn(&mut Solver, usize) -> Result<T, Error> + Sync,
    mut take: impl FnMut(T) -> Result<bool, Error>,
) -> Result<(), Error> {
    if solvers.len() <= 1 || tasks <= 1 {
        let solver = first(solvers)?;
        for i in 0..tasks {
            if !take(f(solver, i)?)? {
                break;
            }
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // Raised once the answers are no longer read: it halts the searches under way.
    let halt = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (sender, answers) = mpsc::channel::<(usize, Result<T, Error>)>();
        for solver in solvers.iter_mut() {
            let (next, stop, f, sender) = (&next, &stop, &f, sender.clone());
            solver.halt_when(Some(halt.clone()));
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= tasks || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let answer = f(solver, i);
                    // A failure ends the run when its turn comes: every task before it
                    // has started already, and none after it need start.
                    if answer.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    // A closed channel: the answers are no longer read.
                    if sender.send((i, answer)).is_err() {
                        break;
                    }
                }
                solver.halt_when(None);
            });
        }
        drop(sender);
        let read = read_in_order(tasks, answers, &mut take);
        // Every answer `take` saw came in before this: a task halted now is never read.
        stop.store(true, Ordering::Relaxed);
        halt.store(true, Ordering::Relaxed);
        read
    })
}

/// The answers of [`each_until`] handed to `take` in task order, until it says stop, a
/// task failed, or all are read.
fn read_in_order<T>(
    tasks: usize,
    answers: mpsc::Receiver<(usize, Result<T, Error>)>,
    take: &mut impl FnMut(T) -> Result<bool, Error>,
) -> Result<(), Error> {
    let mut waiting: Vec<Option<Result<T, Error>>> = (0..tasks).map(|_| None).collect();
    let mut turn = 0;
    for (i, answer) in answers.iter() {
        waiting[i] = Some(answer);
        while let Some(answer) = waiting.get_mut(turn).and_then(Option::take) {
            turn += 1;
            if !take(answer?)? {
                return Ok(());
            }
        }
        if turn == tasks {
            return Ok(());
        }
    }
    // Every worker gone before the answers were all in: one panicked (the scope raises
    // its panic again).
    Err(Error::BadView("a search was skipped".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::record::Record;
    use crate::seat::Seat;
    use std::time::{Duration, Instant};

    fn solvers(n: usize) -> Vec<Solver> {
        (0..n).map(|_| Solver::new()).collect()
    }

    /// Reads the squares of the tasks in order until their sum passes `until`: the tasks
    /// read.
    fn read_until(threads: usize, tasks: usize, until: usize) -> Result<Vec<usize>, Error> {
        let mut read = Vec::new();
        each_until(
            &mut solvers(threads),
            tasks,
            |_, i| match i {
                13 => Err(Error::BadView("task 13 fails".to_string())),
                i => Ok(i * i),
            },
            |v| {
                read.push(v);
                Ok(read.iter().sum::<usize>() <= until)
            },
        )?;
        Ok(read)
    }

    #[test]
    fn answers_are_read_in_task_order_until_told_to_stop_whatever_the_threads() {
        let one = read_until(1, 12, 200).unwrap();
        assert_eq!(one, vec![0, 1, 4, 9, 16, 25, 36, 49, 64]);
        for threads in [2, 3] {
            assert_eq!(read_until(threads, 12, 200).unwrap(), one);
            // Never told to stop: every task, in order.
            let all = read_until(threads, 12, usize::MAX).unwrap();
            assert_eq!(all, (0..12).map(|i| i * i).collect::<Vec<_>>());
        }
    }

    /// A Ramsch deal after `play`, under the rules of the protocol it comes from. After
    /// `S8` alone seat 0's settlement takes a search of many millions of positions (the
    /// others can keep seat 3 without a trick).
    fn ramsch_after(play: &str) -> Game {
        let line = format!(
            r#"{{"hands": ["EA EU E9 GO G8 H8 SU S8", "E7 G7 HA HZ HK HO HU H9",
            "EO E8 GU H7 SZ SK SO S9", "EZ EK GA GZ GK G9 SA S7"],
            "contract": {{"game": "ramsch"}}, "play": "{play}",
            "rules": {{"ramsch_tie": "highest_trump_played", "jungfrau": "double_all"}}}}"#
        );
        Record::from_json(&line).unwrap().game().unwrap()
    }

    #[test]
    fn a_search_under_way_when_the_run_stops_is_halted_and_the_solver_stays_exact() {
        let dear = ramsch_after("S8");
        let started = AtomicBool::new(false);
        let halted = AtomicBool::new(false);
        let mut solvers = solvers(2);
        each_until(
            &mut solvers,
            2,
            |solver, i| {
                if i == 0 {
                    // Task 0 answers once task 1 is under way (a generous bound).
                    let deadline = Instant::now() + Duration::from_secs(60);
                    while !started.load(Ordering::Relaxed) && Instant::now() < deadline {
                        std::thread::yield_now();
                    }
                    return Ok(());
                }
                started.store(true, Ordering::Relaxed);
                // Bounded all the same: a search the halt missed ends out of budget.
                solver.limit_nodes(Some(40_000_000));
                let answer = solver.settlement_of(&dear, Seat::S0);
                halted.store(matches!(answer, Err(Error::Cancelled)), Ordering::Relaxed);
                answer.map(|_| ())
            },
            |()| Ok(false),
        )
        .unwrap();
        assert!(started.load(Ordering::Relaxed), "task 1 never started");
        assert!(
            halted.load(Ordering::Relaxed),
            "task 1's search was not halted"
        );
        // Both solvers answer exactly afterwards: the same as a fresh solver.
        let ended = ramsch_after("S8 H9 S9 S7 E7 E8 EZ E9 G9 G8 G7 GU SK SA EA HA");
        let fresh = Solver::new().settlement_of(&ended, Seat::S0);
        assert!(fresh.is_ok(), "{fresh:?}");
        for solver in &mut solvers {
            assert_eq!(solver.settlement_of(&ended, Seat::S0), fresh);
        }
    }

    #[test]
    fn a_failed_task_fails_the_run_only_when_its_turn_comes() {
        for threads in [1, 2, 3] {
            let failed = read_until(threads, 20, usize::MAX).unwrap_err();
            assert_eq!(
                failed.to_string(),
                read_until(1, 20, usize::MAX).unwrap_err().to_string()
            );
            assert!(failed.to_string().contains("task 13 fails"), "{failed}");
            // Told to stop before task 13: its failure is never read.
            assert_eq!(read_until(threads, 20, 200).unwrap().len(), 9);
        }
    }
}
