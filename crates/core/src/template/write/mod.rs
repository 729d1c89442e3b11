//! Writing: the rendered objects as opm writes them (FBC text, compact JSON), and as the
//! catalog they stand for in the model.

pub(crate) mod catalog;
pub(crate) mod compact;
pub(crate) mod declcfg;
pub(crate) mod render;
