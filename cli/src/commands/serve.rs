//! `schafkopf serve`: the HTTP service.

use crate::args::Serve;
use crate::config::Config;
use std::io::{self, IsTerminal};
use std::process::ExitCode;

/// `schafkopf serve`: the service until it is stopped (Ctrl-C).
pub fn run_serve(serve: Serve, config: &Config) -> io::Result<ExitCode> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(io::stderr)
        .with_ansi(io::stderr().is_terminal())
        .init();
    let workers = crate::config::Workers::for_service(serve.workers, serve.table_mb)?;
    // The model read before the service starts: a file that does not parse is named now.
    let auction_model = crate::config::auction_model_of(serve.auction_model.as_deref())?;
    let config = api::Config {
        db: serve.db.clone(),
        pool: api::pool::PoolConfig {
            workers: workers.threads,
            queue: serve.queue,
            table_bytes: workers.table_bytes,
            node_budget: Some(serve.request_node_budget),
            queue_wait: std::time::Duration::from_secs(serve.queue_wait),
        },
        body_limit: serve.body_limit,
        body_timeout: std::time::Duration::from_secs(serve.body_timeout),
        allowed_hosts: serve.allow_hosts.clone(),
        pack: config.pack,
        auction_model,
    };
    let db = api::store::display_name(&serve.db);
    actix_web::rt::System::new().block_on(api::serve(config, &serve.addr, |addr| {
        // The first line on stdout: scripts and tests read the port from it.
        println!("schafkopf: listening on http://{addr} (store {db}, docs at http://{addr}/docs/)");
    }))?;
    Ok(ExitCode::SUCCESS)
}
