//! `olm-graph lsp`: the language server, over standard input and output, for editors
//! (docs/lsp.md). The protocol is [`crate::lsp`]; the work is core's `workspace`.

use crate::args::LspArgs;
use crate::error::CmdResult;

/// Runs the server until the editor says `exit`. `--stdio` is accepted (editors' clients pass
/// it) and is the only transport.
pub fn run(args: LspArgs) -> CmdResult {
    let _ = args.stdio;
    crate::lsp::serve()
}
