//! What the app does with the browser, behind plain functions and small types: the parsing
//! worker ([`parser`]) and the [`loader`] that feeds its replies into the stores, one-off
//! [`jobs`] in a worker of their own (catalog templates rendered, small catalogs parsed), where
//! catalog text comes from ([`sources`]), the one URL module ([`url`]), the clipboard, downloads,
//! the simulation's playback timer, the rule registry's texts ([`rule_texts`]), and what this
//! browser keeps of the user's work ([`persist`]: IndexedDB and `localStorage`). Services depend
//! on the state and on core; components call them.

pub mod clipboard;
pub mod download;
pub mod jobs;
pub mod loader;
pub mod parser;
pub mod persist;
pub mod playback;
pub mod rule_texts;
pub mod siblings;
pub mod sources;
pub mod url;
