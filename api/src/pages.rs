//! The pages (INTERFACE.md section 4): the stored games at `/` with a box to add more, the
//! replay of one game at `/games/{id}`, the analysis board at `/board` (a game entered
//! or opened there, any card tried), the ledger of the games a filter selects at
//! `/ledger`, and the replay as one self-contained file (`schafkopf analyze --format
//! html`). Every asset is compiled into the binary: no outside request, no build step;
//! each page loads `common.js` and then its own script.
//!
//! Data never becomes markup: the scripts build the pages from text nodes, and the data
//! a saved report embeds is JSON with every `<` escaped. No page runs inline script: the
//! service's pages load theirs from `/assets/` (its Content-Security-Policy allows only
//! those), and a saved report allows, by its own policy, only the script and styles whose
//! hashes it names.

use actix_web::{web, HttpResponse};
use base64::Engine;
use sha2::{Digest, Sha256};

const CSS: &str = include_str!("../assets/page.css");
const COMMON_JS: &str = include_str!("../assets/common.js");
const JS: &str = include_str!("../assets/replay.js");
const INDEX_JS: &str = include_str!("../assets/index.js");
const LEDGER_JS: &str = include_str!("../assets/ledger.js");
const BOARD_JS: &str = include_str!("../assets/board.js");
const REPLAY: &str = include_str!("../assets/replay.html");
const TABLE: &str = include_str!("../assets/table.html");
const TRICKS: &str = include_str!("../assets/tricks.html");
const INDEX: &str = include_str!("../assets/index.html");
const LEDGER: &str = include_str!("../assets/ledger.html");
const BOARD: &str = include_str!("../assets/board.html");

/// The scripts a service page loads: the shared one, then its own (`/assets/{name}`).
fn scripts(name: &str) -> String {
    format!("<script src=\"/assets/common.js\"></script><script src=\"/assets/{name}\"></script>")
}

/// A page's markup with the parts the replay and the board share in place of their
/// markers: the table and its step buttons (`table.html`), the tricks panel
/// (`tricks.html`).
fn with_shared_parts(markup: &str) -> String {
    markup
        .replace(
            "<!-- the table and its step buttons: table.html -->\n",
            TABLE,
        )
        .replace("<!-- the tricks panel: tricks.html -->\n", TRICKS)
}

/// The style sheet of every service page.
const STYLE: &str = "<link rel=\"stylesheet\" href=\"/assets/page.css\">";

/// The pages' icon, inline (a card table's green with a Herz-red pip): no request, so no
/// `/favicon.ico` asked for and answered 404, and a saved report carries it too.
const ICON: &str =
    "<link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' \
     viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%231e5b3a'/%3E\
     %3Ccircle cx='8' cy='8' r='4' fill='%23d22'/%3E%3C/svg%3E\">";

/// A whole page around `body`.
fn page(title: &str, head: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n{ICON}\n{head}\n</head>\n<body>\n{body}\n</body>\n</html>\n",
        escape(title)
    )
}

/// Text for HTML: `&`, `<`, `>` and quotes escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JSON inside a `<script>` element, every `<` written `\u003c` (the same string to
/// JSON, where `<` only stands inside strings): neither `</script>` nor `<!--` can end or
/// change the element, whatever the data holds.
fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// A Content-Security-Policy source for an inline element's exact text.
fn hash_source(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The replay of one game as a file that needs nothing else: styles, script and data
/// inline. `record`, `analysis` and `contracts` are JSON texts (the record as stored, the
/// analysis of `analyze` with lines for the costly cards, the report of `contracts`).
pub fn standalone(title: &str, record: &str, analysis: &str, contracts: &str) -> String {
    let data =
        format!("{{\"record\": {record}, \"analysis\": {analysis}, \"contracts\": {contracts}}}");
    let (style, script) = (format!("\n{CSS}"), format!("\n{COMMON_JS}\n{JS}"));
    // The report's own policy: its one script and its styles, by hash; nothing fetched.
    let policy = format!(
        "default-src 'none'; script-src {}; style-src {}; img-src data:; base-uri 'none'; \
         form-action 'none'",
        hash_source(&script),
        hash_source(&style)
    );
    page(
        title,
        &format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">\n\
             <meta name=\"referrer\" content=\"no-referrer\">\n<style>{style}</style>"
        ),
        &format!(
            "<div id=\"replay\">\n{}</div>\n\
             <script type=\"application/json\" id=\"schafkopf-data\">{}</script>\n\
             <script>{script}</script>",
            with_shared_parts(REPLAY),
            script_json(&data)
        ),
    )
}

fn html(text: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(text)
}

async fn index() -> HttpResponse {
    html(page(
        "schafkopf",
        STYLE,
        &format!("{INDEX}{}", scripts("index.js")),
    ))
}

async fn replay() -> HttpResponse {
    html(page(
        "schafkopf: replay",
        STYLE,
        &format!(
            "<div id=\"replay\">\n{}</div>\n{}",
            with_shared_parts(REPLAY),
            scripts("replay.js")
        ),
    ))
}

async fn board() -> HttpResponse {
    html(page(
        "schafkopf: board",
        STYLE,
        &format!("{}{}", with_shared_parts(BOARD), scripts("board.js")),
    ))
}

async fn ledger() -> HttpResponse {
    html(page(
        "schafkopf: ledger",
        STYLE,
        &format!("{LEDGER}{}", scripts("ledger.js")),
    ))
}

fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(body)
}

/// The interactive docs' own first page, in place of Swagger UI's (titled "Swagger UI",
/// without a viewport, so a phone draws it at desktop width and shrinks it): the service's
/// title, icon and navigation above Swagger UI's files, which it loads as its own does.
fn docs_index() -> HttpResponse {
    let head = "<link rel=\"stylesheet\" href=\"./swagger-ui.css\">\n\
                <link rel=\"stylesheet\" href=\"./index.css\">\n\
                <style>header.api { font: 15px/1.4 system-ui, sans-serif; \
                padding: 0.6em 1em; border-bottom: 1px solid #ddd; }</style>";
    let body = "<header class=\"api\"><nav><a href=\"/\">Games</a> · \
                <a href=\"/board\">New board</a> · <a href=\"/ledger\">Ledger</a> · \
                <a href=\"/docs/\">API</a></nav></header>\n\
                <div id=\"swagger-ui\"></div>\n\
                <script src=\"./swagger-ui-bundle.js\"></script>\n\
                <script src=\"./swagger-ui-standalone-preset.js\"></script>\n\
                <script src=\"./swagger-initializer.js\"></script>";
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(page("schafkopf: the HTTP API", head, body))
}

/// The interactive docs' first page; registered before Swagger UI's files, whose route
/// would answer it otherwise.
pub fn configure_docs(cfg: &mut web::ServiceConfig) {
    cfg.route("/docs/", web::get().to(|| async { docs_index() }))
        .route("/docs/index.html", web::get().to(|| async { docs_index() }));
}

/// The pages' routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    let script =
        |body: &'static str| move || async move { asset("text/javascript; charset=utf-8", body) };
    cfg.route("/", web::get().to(index))
        .route("/games/{id:.*}", web::get().to(replay))
        .route("/ledger", web::get().to(ledger))
        .route("/board", web::get().to(board))
        .route("/assets/board.js", web::get().to(script(BOARD_JS)))
        .route("/assets/common.js", web::get().to(script(COMMON_JS)))
        .route("/assets/ledger.js", web::get().to(script(LEDGER_JS)))
        .route(
            "/assets/page.css",
            web::get().to(|| async { asset("text/css; charset=utf-8", CSS) }),
        )
        .route("/assets/replay.js", web::get().to(script(JS)))
        .route("/assets/index.js", web::get().to(script(INDEX_JS)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_report_holds_everything_and_cannot_be_broken_by_its_data() {
        let page = standalone(
            "a <game>",
            r#"{"id": "</script><b>", "meta": {"note": "<!--<script>"}}"#,
            r#"{"plays": []}"#,
            r#"{"seats": []}"#,
        );
        assert!(page.contains("<title>a &lt;game&gt;</title>"));
        // Its icon inline: nothing asked of a server.
        assert!(page.contains("<link rel=\"icon\" href=\"data:image/svg+xml,"));
        assert!(page.contains(r#""\u003c/script>\u003cb>""#));
        assert!(page.contains(r#""\u003c!--\u003cscript>""#));
        assert_eq!(page.matches("</script>").count(), 2);
        assert_eq!(page.matches("<script").count(), 2);
        assert!(!page.contains("<!--"));
        // The data still reads as the same JSON.
        let start = page.find("id=\"schafkopf-data\">").unwrap() + 20;
        let end = start + page[start..].find("</script>").unwrap();
        let data: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(data["record"]["meta"]["note"], "<!--<script>");
        // Its policy names the hashes of exactly its inline script and styles.
        let script = &page[page.rfind("<script>").unwrap() + 8..page.rfind("</script>").unwrap()];
        assert!(page.contains(&hash_source(script)));
        assert!(!page.contains("unsafe-inline"));
        // Nothing is fetched from outside: no addresses at all.
        // (The one address is SVG's namespace, a name, never fetched.)
        let addresses = page
            .replace("\"http://www.w3.org/2000/svg\"", "")
            .replace("'http://www.w3.org/2000/svg'", "");
        assert!(!addresses.contains("http://") && !addresses.contains("https://"));
        assert!(page.contains("function setData("));
        assert!(page.contains("<div class=\"table\">"));
    }
}
