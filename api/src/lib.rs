//! The schafkopf HTTP service (INTERFACE.md section 4): `solve`, `analyze` and `contracts`
//! over the library, a game store (an embedded SQLite file or a shared PostgreSQL
//! database), OpenAPI 3.1 at `/openapi.json` and interactive docs at `/docs` (Swagger UI,
//! its files built into the binary: nothing is fetched).
//!
//! - [`routes`]: the endpoints; [`store`]: the database; [`pool`]: the solver workers;
//!   [`problem`]: errors as `application/problem+json`; [`schema`]: the documented shapes.

pub mod client;
pub mod listen;
mod middleware;
pub mod pages;
pub mod pool;
pub mod problem;
pub mod query;
pub mod routes;
pub mod schema;
pub mod security;
pub mod store;

use actix_web::dev::{ServiceFactory, ServiceRequest};
use actix_web::middleware::{from_fn, DefaultHeaders, ErrorHandlers};
use actix_web::{web, App, HttpResponse};
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use utoipa::OpenApi;
use utoipa_actix_web::{AppExt, UtoipaApp};
use utoipa_swagger_ui::SwaggerUi;

/// How the service runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The store: a SQLite file (created if missing) or a `postgres://` URL.
    pub db: String,
    pub pool: pool::PoolConfig,
    /// The largest request body accepted, in bytes (larger: 413).
    pub body_limit: usize,
    /// How long a request body may take to arrive (longer: 408).
    pub body_timeout: Duration,
    /// Host names served besides the bound addresses (and, on loopback, `localhost`): see
    /// [`security::Hosts`].
    pub allowed_hosts: Vec<String>,
    /// The pack answers write cards in where a request does not ask (`?pack=`).
    pub pack: solver::Pack,
    /// The model of declaring the players' view reads the auction by (`serve
    /// --auction-model`; the shipped one by default).
    pub auction_model: &'static solver::auction::AuctionModel,
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "schafkopf",
        description = "Double-dummy analysis of Schafkopf hands: the value of every card, the \
                       cost of every mistake, the best contract of every seat; and a store for \
                       played games. Records and answers are those of the `schafkopf` command \
                       line (INTERFACE.md). Errors are `application/problem+json` (RFC 9457).",
        license(name = "MIT")
    ),
    tags(
        (name = "analysis", description = "Double-dummy searches over one record"),
        (name = "games", description = "The game store"),
        (name = "service", description = "The service itself")
    )
)]
struct Doc;

/// An app with the service's routes and their OpenAPI document: the one builder behind
/// both [`openapi`] and [`serve`], so the document always describes the routes served.
fn documented<T>(app: App<T>) -> UtoipaApp<T>
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    app.into_utoipa_app()
        .openapi(Doc::openapi())
        .configure(routes::configure)
}

/// The OpenAPI document, as the service serves it at `/openapi.json`.
pub fn openapi() -> utoipa::openapi::OpenApi {
    documented(App::new()).split_for_parts().1
}

/// Starts the service on `addr` and runs until it is stopped. `ready` gets the bound
/// address (port 0 picks a free port) before the first request is taken.
pub async fn serve(
    config: Config,
    addr: &str,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    // Bound before the store is opened: a service that cannot listen leaves no new
    // database file behind.
    let listeners = listen::bind(addr)?;
    let addrs = listeners
        .iter()
        .map(std::net::TcpListener::local_addr)
        .collect::<std::io::Result<Vec<_>>>()?;
    let store = store::Store::open(&config.db).map_err(std::io::Error::other)?;
    let state = web::Data::new(routes::State {
        store,
        pool: pool::Pool::new(config.pool.clone())?,
        pack: config.pack,
        auction_model: config.auction_model,
    });
    let limit = config.body_limit;
    // The names served, known once the address is bound (port 0 picks one).
    let hosts: Arc<OnceLock<Option<security::Hosts>>> = Arc::new(OnceLock::new());
    let guard = web::Data::new(middleware::Guard {
        hosts: Arc::clone(&hosts),
        body_timeout: config.body_timeout,
    });
    // The paths and methods answered 405 rather than 404: those of the document.
    let known = web::Data::new(routes::Routes::of(&openapi()));
    let app = move || {
        let (app, api) = documented(
            App::new()
                .app_data(state.clone())
                .app_data(known.clone())
                .app_data(guard.clone())
                .app_data(web::PayloadConfig::new(limit)),
        )
        .split_for_parts();
        let mut headers = DefaultHeaders::new();
        for header in security::HEADERS {
            headers = headers.add(header);
        }
        app.configure(pages::configure_docs)
            .service(
                SwaggerUi::new("/docs/{_:.*}")
                    .url("/openapi.json", api)
                    .config(utoipa_swagger_ui::Config::default().validator_url("none")),
            )
            .configure(pages::configure)
            .default_service(web::to(routes::fallback))
            .route(
                "/docs",
                web::get().to(|| async {
                    HttpResponse::PermanentRedirect()
                        .insert_header(("Location", "/docs/"))
                        .finish()
                }),
            )
            .wrap(ErrorHandlers::new().default_handler(problem::rewrite))
            .wrap(from_fn(middleware::guard))
            .wrap(from_fn(middleware::log_request))
            .wrap(headers)
    };
    // Set once, before the first request is taken.
    let _ = hosts.set(security::Hosts::for_bind(&addrs, &config.allowed_hosts));
    let server = listen::server(listeners, app)?;
    if let Some(a) = addrs.into_iter().next() {
        ready(a);
    }
    server.await
}
