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
        .ok_or(Error::Internal("no solver to search with".to_string()))
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
    each_until_in_groups(
        solvers,
        &[tasks],
        |s, _, i| f(s, i),
        |_, answer| take(answer),
    )
}

/// [`each_until`] for several groups of tasks at once, `groups[g]` tasks in group `g`:
/// `f(solver, g, i)` for the task `i` of group `g`, the groups' tasks taken in turn, and
/// `take(g, answer)` seeing each group's answers in task order until it says stop for
/// that group, as [`each_until`] would for the group alone. A group's tasks start while
/// the last of the group before are still under way, so that no thread waits for another
/// group's slowest task. Where a group fails (a task's error in its turn, or `take`'s),
/// the groups after it are stopped and its error is returned, unless a group before it
/// fails too: the error of the first group that fails, as running the groups one after
/// the other would return.
pub fn each_until_in_groups<T: Send>(
    solvers: &mut [Solver],
    groups: &[usize],
    f: impl Fn(&mut Solver, usize, usize) -> Result<T, Error> + Sync,
    mut take: impl FnMut(usize, T) -> Result<bool, Error>,
) -> Result<(), Error> {
    let total: usize = groups.iter().sum();
    if solvers.len() <= 1 || total <= 1 {
        let solver = first(solvers)?;
        for (g, &tasks) in groups.iter().enumerate() {
            for i in 0..tasks {
                if !take(g, f(solver, g, i)?)? {
                    break;
                }
            }
        }
        return Ok(());
    }
    // The group and the index within it of every task, in the order they are taken.
    let tasks: Vec<(usize, usize)> = groups
        .iter()
        .enumerate()
        .flat_map(|(g, &n)| (0..n).map(move |i| (g, i)))
        .collect();
    let next = AtomicUsize::new(0);
    // Raised for a group whose answers are no longer read: none of its tasks starts any
    // more, and the searches under way of its tasks are halted.
    let halts: Vec<Arc<AtomicBool>> = groups.iter().map(|_| Arc::default()).collect();
    std::thread::scope(|scope| {
        let (sender, answers) = mpsc::channel::<(usize, usize, Result<T, Error>)>();
        for solver in solvers.iter_mut() {
            let (next, tasks, halts, f) = (&next, &tasks, &halts, &f);
            let sender = sender.clone();
            scope.spawn(move || {
                while let Some(&(g, i)) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if halts[g].load(Ordering::Relaxed) {
                        continue;
                    }
                    solver.halt_when(Some(halts[g].clone()));
                    let answer = f(solver, g, i);
                    // A closed channel: no answer is read any more.
                    if sender.send((g, i, answer)).is_err() {
                        break;
                    }
                }
                solver.halt_when(None);
            });
        }
        drop(sender);
        let read = read_in_order(groups, answers, &halts, &mut take);
        // Every answer `take` saw came in before this: a task halted now is never read.
        for halt in &halts {
            halt.store(true, Ordering::Relaxed);
        }
        next.store(tasks.len(), Ordering::Relaxed);
        read
    })
}

/// The answers of [`each_until_in_groups`] handed to `take` in task order, group by
/// group, until each group is stopped, failed or read to the end; the first failed
/// group's error.
fn read_in_order<T>(
    groups: &[usize],
    answers: mpsc::Receiver<(usize, usize, Result<T, Error>)>,
    halts: &[Arc<AtomicBool>],
    take: &mut impl FnMut(usize, T) -> Result<bool, Error>,
) -> Result<(), Error> {
    let mut waiting: Vec<Vec<Option<Result<T, Error>>>> = groups
        .iter()
        .map(|&n| (0..n).map(|_| None).collect())
        .collect();
    let mut turns = vec![0; groups.len()];
    // A group is done once read to the end, stopped, or failed (and every group after a
    // failed one).
    let mut done: Vec<bool> = groups.iter().map(|&n| n == 0).collect();
    let mut failed: Option<(usize, Error)> = None;
    let end = |g: usize, done: &mut [bool]| {
        done[g] = true;
        halts[g].store(true, Ordering::Relaxed);
    };
    for (g, i, answer) in answers.iter() {
        if done[g] {
            continue;
        }
        waiting[g][i] = Some(answer);
        while let Some(answer) = waiting[g].get_mut(turns[g]).and_then(Option::take) {
            turns[g] += 1;
            let went_on = answer.and_then(|a| take(g, a));
            match went_on {
                Ok(true) if turns[g] < groups[g] => continue,
                Ok(_) => end(g, &mut done),
                Err(e) => {
                    for later in g..groups.len() {
                        end(later, &mut done);
                    }
                    failed = Some((g, e));
                }
            }
            break;
        }
        if done.iter().all(|&d| d) {
            return failed.map_or(Ok(()), |(_, e)| Err(e));
        }
    }
    // Every worker gone before the answers were all in: one panicked (the scope raises
    // its panic again).
    Err(Error::Internal("a search was skipped".to_string()))
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

    /// Reads each group's squares (plus the group) in order until their sum passes
    /// `until`; task 13 of group `fails` fails.
    fn read_groups(
        threads: usize,
        groups: &[usize],
        until: usize,
        fails: usize,
    ) -> Result<Vec<Vec<usize>>, Error> {
        let mut read = vec![Vec::new(); groups.len()];
        each_until_in_groups(
            &mut solvers(threads),
            groups,
            |_, g, i| match (g, i) {
                (g, 13) if g == fails => Err(Error::BadView(format!("group {g} fails"))),
                (g, i) => Ok(i * i + g),
            },
            |g, v| {
                read[g].push(v);
                Ok(read[g].iter().sum::<usize>() <= until)
            },
        )?;
        Ok(read)
    }

    #[test]
    fn each_group_is_read_as_alone_whatever_the_threads() {
        let groups = [12, 0, 3, 20, 1];
        let one = read_groups(1, &groups, 200, usize::MAX).unwrap();
        for (g, read) in one.iter().enumerate() {
            let alone: Vec<usize> = (0..groups[g])
                .map(|i| i * i + g)
                .scan(0, |sum, v| {
                    let go_on = *sum <= 200;
                    *sum += v;
                    go_on.then_some(v)
                })
                .collect();
            assert_eq!(*read, alone, "group {g}");
        }
        for threads in [2, 3] {
            assert_eq!(read_groups(threads, &groups, 200, usize::MAX).unwrap(), one);
        }
        // Groups 0 and 3 fail at task 13, group 0 only if read that far: the first
        // failing group's error, whatever the threads.
        for threads in [1, 2, 3] {
            let failed = read_groups(threads, &[20, 20, 20, 20], usize::MAX, 3);
            assert!(failed.unwrap_err().to_string().contains("group 3 fails"));
            let stopped = read_groups(threads, &[20, 20, 20, 20], 200, 0).unwrap();
            assert_eq!(stopped[0].len(), 9);
            assert_eq!(stopped[3].len(), 9);
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
