//! The rule texts' fetch: `rule-texts.json`, served beside the page, read once the first time a
//! finding asks for its rule's help (`state::rule_texts`).

use std::sync::Arc;

use js_sys::{Array, Reflect};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use crate::services::sources;
use crate::state::rule_texts::{Fetched, RuleText, RuleTexts};

/// Where the app finds the texts, beside the page.
const PATH: &str = "rule-texts.json";

/// Fetches the texts into `store` once something wants them (`wanted` turns true once and
/// never back, so this fetches once).
pub fn serve(store: RuleTexts) {
    Effect::new(move |_| {
        if !store.wanted() {
            return;
        }
        spawn_local(async move {
            store.set(match fetch().await {
                Some(texts) => Fetched::Texts(Arc::new(texts)),
                None => Fetched::Failed,
            });
        });
    });
}

/// The file's rules, read by the browser's JSON parser (no decoder of its own in the app's
/// wasm); an entry without its four strings is left out.
async fn fetch() -> Option<Vec<RuleText>> {
    let resp: web_sys::Response = sources::fetch_beside(PATH).await.ok()?.into();
    let json = JsFuture::from(resp.json().ok()?).await.ok()?;
    let field = |entry: &JsValue, key: &str| Reflect::get(entry, &key.into()).ok()?.as_string();
    let texts = Array::from(&json)
        .iter()
        .filter_map(|entry| {
            Some(RuleText {
                id: field(&entry, "id")?,
                name: field(&entry, "name")?,
                summary: field(&entry, "summary")?,
                help: field(&entry, "help")?,
            })
        })
        .collect();
    Some(texts)
}
