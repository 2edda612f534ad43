//! The OpenAPI document: the file in the repo is the one the code generates, and it
//! describes every endpoint and every shape the service answers with.

use std::path::Path;

fn document() -> serde_json::Value {
    let text = api::openapi()
        .to_pretty_json()
        .expect("the document serializes");
    serde_json::from_str(&text).expect("the document is JSON")
}

#[test]
fn the_checked_in_document_is_the_generated_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../openapi/openapi.json");
    let file = std::fs::read_to_string(&path).expect("openapi/openapi.json exists");
    let file: serde_json::Value = serde_json::from_str(&file).expect("the file is JSON");
    assert!(
        file == document(),
        "openapi/openapi.json differs from the code: run `schafkopf openapi > openapi/openapi.json`"
    );
}

#[test]
fn every_path_and_schema_is_present_and_every_ref_resolves() {
    let doc = document();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    for (path, methods) in [
        ("/health", &["get"][..]),
        ("/api/v1/solve", &["post"]),
        ("/api/v1/analyze", &["post"]),
        ("/api/v1/contracts", &["post"]),
        ("/api/v1/games", &["get", "post"]),
        ("/api/v1/games/{id}", &["get", "delete"]),
        ("/api/v1/games/{id}/analysis", &["get"]),
    ] {
        for m in methods {
            assert!(paths[path][m].is_object(), "{m} {path} is missing");
        }
    }
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for name in [
        "Record",
        "Solution",
        "Analysis",
        "ContractsReport",
        "Problem",
        "GameList",
        "Created",
        "Health",
    ] {
        assert!(schemas.contains_key(name), "schema {name} is missing");
    }
    // Every request body has an example; every $ref points at a schema that exists.
    for (path, item) in paths {
        for (method, op) in item.as_object().unwrap() {
            if let Some(body) = op.get("requestBody") {
                let schema = &body["content"]["application/json"]["schema"];
                let name = schema["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
                assert!(
                    schemas[name].get("example").is_some(),
                    "{method} {path}: the request has no example"
                );
            }
        }
    }
    let text = doc.to_string();
    for part in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &part[..part.find('"').unwrap()];
        assert!(schemas.contains_key(name), "$ref to missing schema {name}");
    }
}

/// The 405 answers' `Allow` lists come from the document: every path, with its methods.
#[test]
fn the_routes_answered_405_are_the_documents() {
    let routes = api::routes::Routes::of(&api::openapi());
    for (path, allow) in [
        ("/health", "GET"),
        ("/api/v1/solve", "POST"),
        ("/api/v1/analyze", "POST"),
        ("/api/v1/contracts", "POST"),
        ("/api/v1/games", "GET, POST"),
        ("/api/v1/games/abc", "GET, DELETE"),
        ("/api/v1/games/abc/analysis", "GET"),
    ] {
        assert_eq!(routes.allowed(path), Some(allow), "{path}");
    }
    assert_eq!(routes.allowed("/api/v1/nothing"), None);
    assert_eq!(routes.allowed("/api/v1/games/"), None);
}
