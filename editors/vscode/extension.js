// The olm-graph extension: a thin client. It starts `olm-graph lsp` (the language server does
// all the work: findings, hover, definitions, references, completion, fixes) and shows the
// channel at the cursor in a webview, through the <olm-graph> element when its files are in
// media/embed/ (scripts/test-editors.sh copies dist/embed/ there when the element was built),
// else as the SVG the server's olm-graph/render request returns (the one `olm-graph render`
// writes).
"use strict";

const fs = require("fs");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

/** The language client over `olm-graph [args] lsp`. */
function makeClient() {
  const config = vscode.workspace.getConfiguration("olm-graph");
  const command = config.get("path") || "olm-graph";
  const args = [...(config.get("args") || []), "lsp"];
  const rulesUrl = config.get("rulesUrl");
  return new LanguageClient(
    "olm-graph",
    "olm-graph",
    { command, args },
    {
      documentSelector: [
        { scheme: "file", language: "yaml" },
        { scheme: "file", language: "json" },
      ],
      initializationOptions: rulesUrl ? { rulesUrl } : {},
    }
  );
}

/** The webview's page: the element with the package inline, or the SVG alone. */
function page(webview, media, reply) {
  const element = path.join(media, "embed", "olm-graph.js");
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource} 'unsafe-inline'`,
    `script-src ${webview.cspSource} 'wasm-unsafe-eval'`,
    `connect-src ${webview.cspSource}`,
  ].join("; ");
  let body = reply.svg;
  let script = "";
  if (reply.embed && fs.existsSync(element)) {
    const src = webview.asWebviewUri(vscode.Uri.file(element));
    script = `<script type="module" src="${src}"></script>`;
    body = reply.embed;
  }
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${reply.package} / ${reply.channel}</title>${script}
<style>body{background:#fff;margin:0;padding:8px} svg{max-width:100%;height:auto}</style>
</head><body>${body}</body></html>`;
}

/** `olm-graph: Preview the channel at the cursor`. */
async function preview(context) {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client) {
    return;
  }
  const reply = await client.sendRequest("olm-graph/render", {
    textDocument: { uri: editor.document.uri.toString() },
    position: editor.selection.active,
  });
  if (!reply) {
    vscode.window.showInformationMessage("olm-graph: no channel at the cursor");
    return;
  }
  const media = path.join(context.extensionPath, "media");
  const panel = vscode.window.createWebviewPanel(
    "olm-graph.preview",
    `${reply.package} / ${reply.channel}`,
    vscode.ViewColumn.Beside,
    { enableScripts: true, localResourceRoots: [vscode.Uri.file(media)] }
  );
  panel.webview.html = page(panel.webview, media, reply);
}

async function activate(context) {
  client = makeClient();
  context.subscriptions.push(
    vscode.commands.registerCommand("olm-graph.preview", () => preview(context)),
    vscode.commands.registerCommand("olm-graph.restart", async () => {
      await client.stop();
      client = makeClient();
      await client.start();
    })
  );
  await client.start();
}

async function deactivate() {
  if (client) {
    await client.stop();
  }
}

module.exports = { activate, deactivate };
