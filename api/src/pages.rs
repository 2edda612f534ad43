//! The pages (INTERFACE.md section 4): the stored games at `/` with a box to add more, the
//! replay of one game at `/games/{id}`, and the same replay as one self-contained file
//! (`schafkopf analyze --format html`). Every asset is compiled into the binary: no
//! outside request, no build step.

use actix_web::{web, HttpResponse};

const CSS: &str = include_str!("../assets/page.css");
const JS: &str = include_str!("../assets/replay.js");
const REPLAY: &str = include_str!("../assets/replay.html");
const INDEX: &str = include_str!("../assets/index.html");

/// A whole page around `body`.
fn page(title: &str, head: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n{head}\n</head>\n<body>\n{body}\n</body>\n</html>\n",
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

/// JSON inside a `<script>` element: `</` cannot end the element early.
fn script_json(json: &str) -> String {
    json.replace("</", "<\\/")
}

/// The replay of one game as a file that needs nothing else: styles, script and data
/// inline. `record`, `analysis` and `contracts` are JSON texts (the record as stored, the
/// analysis of `analyze` with lines for the costly cards, the report of `contracts`).
pub fn standalone(title: &str, record: &str, analysis: &str, contracts: &str) -> String {
    let data =
        format!("{{\"record\": {record}, \"analysis\": {analysis}, \"contracts\": {contracts}}}");
    page(
        title,
        &format!("<style>\n{CSS}</style>"),
        &format!(
            "<div id=\"replay\">\n{REPLAY}</div>\n\
             <script type=\"application/json\" id=\"schafkopf-data\">{}</script>\n\
             <script>\n{JS}</script>",
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
        "<link rel=\"stylesheet\" href=\"/assets/page.css\">",
        INDEX,
    ))
}

async fn replay() -> HttpResponse {
    html(page(
        "schafkopf: replay",
        "<link rel=\"stylesheet\" href=\"/assets/page.css\">",
        &format!(
            "<div id=\"replay\">\n{REPLAY}</div>\n<script src=\"/assets/replay.js\"></script>"
        ),
    ))
}

fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(body)
}

/// The pages' routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(index))
        .route("/games/{id:.*}", web::get().to(replay))
        .route(
            "/assets/page.css",
            web::get().to(|| async { asset("text/css; charset=utf-8", CSS) }),
        )
        .route(
            "/assets/replay.js",
            web::get().to(|| async { asset("text/javascript; charset=utf-8", JS) }),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_report_holds_everything_and_cannot_be_broken_by_its_data() {
        let page = standalone(
            "a <game>",
            r#"{"id": "</script><b>"}"#,
            r#"{"plays": []}"#,
            r#"{"seats": []}"#,
        );
        assert!(page.contains("<title>a &lt;game&gt;</title>"));
        assert!(page.contains("<\\/script><b>"));
        assert_eq!(page.matches("</script>").count(), 2);
        // Nothing is fetched from outside: no addresses at all.
        assert!(!page.contains("http://") && !page.contains("https://"));
        assert!(page.contains("function render("));
    }
}
