//! The solving workers: a fixed number of threads, each with its own solver (and table), fed
//! from a bounded queue. Searches are CPU-heavy and run here, never on the HTTP workers, so
//! `/health` and store reads stay fast while solves run. A full queue is answered at once
//! with 503 and `Retry-After`, a job that waited `queue_wait` for a worker is given up the
//! same way, every job runs under a node budget, and a job whose client has gone is
//! cancelled: skipped if it has not started, stopped within about a thousand positions if
//! it has.
//!
//! Cheap questions have a lane of their own ([`Lane::Quick`]: a position a few tricks from
//! the end), with one worker of its own, so they are answered at once even while dear
//! analyses fill every other worker and the queue.

use crate::client::Client;
use crate::problem::ApiError;
use actix_web::http::StatusCode;
use solver::Solver;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

type Job = Box<dyn FnOnce(&mut Solver) + Send>;

/// How often a waiting request looks whether its client is still there.
const CLIENT_POLL: Duration = Duration::from_millis(100);

/// Raises the job's flag when the request is done with, answered or dropped (actix drops
/// the handler of some closed connections): a job nobody waits for stops.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// How the pool runs.
#[derive(Clone, Debug)]
pub struct PoolConfig {
    pub workers: usize,
    /// Jobs that may wait for a worker; more are refused with 503.
    pub queue: usize,
    pub table_bytes: usize,
    /// Positions one request may search (see [`Solver::limit_nodes`]).
    pub node_budget: Option<u64>,
    /// How long a job may wait for a worker before it is given up (503, `Retry-After`).
    pub queue_wait: Duration,
}

/// Which workers a job goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The pool's workers, for any search.
    Main,
    /// The one worker kept for cheap searches: a position with at most [`QUICK_CARDS`]
    /// cards left, whatever the contract, visits few positions.
    Quick,
}

/// The cards left at most in a position for the quick lane: four tricks.
pub const QUICK_CARDS: u32 = 16;

impl Lane {
    /// The lane of a search of `game`'s position.
    pub fn of(game: &solver::Game) -> Lane {
        let left: u32 = game.hands().0.iter().map(|h| h.len()).sum();
        if left <= QUICK_CARDS {
            Lane::Quick
        } else {
            Lane::Main
        }
    }
}

pub struct Pool {
    sender: SyncSender<Job>,
    /// The quick lane's queue and its one worker.
    quick: SyncSender<Job>,
    config: PoolConfig,
    /// Jobs accepted and not yet finished.
    pending: Arc<AtomicUsize>,
}

impl Pool {
    /// Starts the workers; fails only if the system will not start a thread.
    pub fn new(config: PoolConfig) -> std::io::Result<Pool> {
        let (sender, receiver) = sync_channel::<Job>(config.queue);
        let receiver = Arc::new(Mutex::new(receiver));
        let pending = Arc::new(AtomicUsize::new(0));
        for i in 0..config.workers.max(1) {
            let receiver = Arc::clone(&receiver);
            let pending = Arc::clone(&pending);
            let bytes = config.table_bytes;
            std::thread::Builder::new()
                .name(format!("solver-{i}"))
                .spawn(move || work(&receiver, &pending, bytes))?;
        }
        let (quick, quick_receiver) = sync_channel::<Job>(config.queue);
        let quick_receiver = Mutex::new(quick_receiver);
        let quick_pending = Arc::clone(&pending);
        let bytes = config.table_bytes;
        std::thread::Builder::new()
            .name("solver-quick".to_string())
            .spawn(move || work(&quick_receiver, &quick_pending, bytes))?;
        Ok(Pool {
            sender,
            quick,
            config,
            pending,
        })
    }

    /// Jobs accepted and not yet finished.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::Relaxed)
    }

    pub fn workers(&self) -> usize {
        self.config.workers.max(1)
    }

    /// Runs `f` on a worker of `lane` with the request's node budget; 503 when the queue is
    /// full. While it waits it looks after `client` (where the connection has one): once
    /// the client has gone the job is cancelled and the request ends with 499.
    pub async fn run<T, F>(&self, lane: Lane, client: Option<Client>, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Solver) -> T + Send + 'static,
    {
        let (tx, mut rx) = tokio::sync::oneshot::channel();
        let budget = self.config.node_budget;
        let cancel = Arc::new(AtomicBool::new(false));
        let job_cancel = Arc::clone(&cancel);
        let started = Arc::new(AtomicBool::new(false));
        let job_started = Arc::clone(&started);
        let job: Job = Box::new(move |solver: &mut Solver| {
            // Nobody waits any more: nothing to do.
            if job_cancel.load(Ordering::Relaxed) {
                return;
            }
            job_started.store(true, Ordering::Relaxed);
            solver.limit_nodes(budget);
            solver.cancel_when(Some(job_cancel));
            let answer = f(solver);
            solver.cancel_when(None);
            // The receiver is gone only if the client went away: nothing to tell.
            let _ = tx.send(answer);
        });
        let _cancel_on_drop = CancelOnDrop(cancel);
        self.pending.fetch_add(1, Ordering::Relaxed);
        let sender = match lane {
            Lane::Main => &self.sender,
            Lane::Quick => &self.quick,
        };
        match sender.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.pending.fetch_sub(1, Ordering::Relaxed);
                return Err(busy(format!(
                    "all {} solver workers are busy and {} requests are waiting; try again shortly",
                    self.workers(),
                    self.config.queue
                )));
            }
            Err(TrySendError::Disconnected(_)) => {
                self.pending.fetch_sub(1, Ordering::Relaxed);
                return Err(ApiError::internal("the solver workers have stopped"));
            }
        }
        let queued = std::time::Instant::now();
        loop {
            match tokio::time::timeout(CLIENT_POLL, &mut rx).await {
                Ok(answer) => {
                    return answer.map_err(|_| {
                        ApiError::internal("the search failed unexpectedly (see the log)")
                    })
                }
                Err(_) if client.as_ref().is_some_and(Client::gone) => {
                    // Dropping the guard raises the flag: the job stops or never starts.
                    tracing::info!("the client has gone; its search is cancelled");
                    return Err(ApiError::client_gone());
                }
                // Waited too long for a worker: given up before it starts (the guard's
                // flag makes the worker skip it), so no request waits without bound.
                Err(_)
                    if !started.load(Ordering::Relaxed)
                        && queued.elapsed() >= self.config.queue_wait =>
                {
                    return Err(busy(format!(
                        "no solver worker was free within {} s (--queue-wait); try again \
                         shortly",
                        self.config.queue_wait.as_secs()
                    )));
                }
                Err(_) => {}
            }
        }
    }
}

/// A search refused for want of a worker: 503, to be retried after a second.
fn busy(detail: String) -> ApiError {
    let mut e = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", detail);
    e.retry_after = Some(1);
    e
}

/// A worker: takes jobs until the pool is dropped. A job that panics (a bug) loses its
/// answer (the request gets a 500) but not the worker, which starts over with a fresh solver.
fn work(receiver: &Mutex<Receiver<Job>>, pending: &AtomicUsize, table_bytes: usize) {
    let mut solver = Solver::with_budget(table_bytes);
    loop {
        // Holding the lock only to receive; a poisoned lock still guards a usable receiver.
        let job = match receiver.lock() {
            Ok(r) => r.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        let Ok(job) = job else {
            return;
        };
        if catch_unwind(AssertUnwindSafe(|| job(&mut solver))).is_err() {
            tracing::error!("a search panicked; the worker continues with a fresh solver");
            solver = Solver::with_budget(table_bytes);
        }
        pending.fetch_sub(1, Ordering::Relaxed);
    }
}
