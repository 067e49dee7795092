// Starts `fecipher lsp` (setting fecipher.command) for .fe0 files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("fecipher").get("command");
  client = new LanguageClient(
    "fecipher",
    "fecipher card packs",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "fe0" }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
