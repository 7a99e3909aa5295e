/**
 * The phone's upload page: a camera button, a photo library button (several photos at once) and a line per photo
 * saying what became of it. It is served by the phone link (link.ts) under its one-time path, as three files (the
 * strict CSP allows no inline script or style), and can do one thing: send photos. It receives nothing but each
 * photo's outcome.
 */

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Send photos to Tidying</title>
<link rel="stylesheet" href="page.css">
<script src="page.js" defer></script>
</head>
<body>
<main>
  <h1>Send photos to Tidying</h1>
  <p class="lead">Photos of the room go straight to the window on your computer.</p>
  <div class="buttons">
    <label class="button primary">Take a photo<input id="camera" type="file" accept="image/*" capture="environment"></label>
    <label class="button">Choose photos<input id="library" type="file" accept="image/*,.heic,.heif" multiple></label>
  </div>
  <p id="status" class="status" role="status" aria-live="polite"></p>
  <ul id="sent" class="sent" aria-label="Photos sent"></ul>
</main>
</body>
</html>
`;

export const PAGE_CSS = `
:root { color-scheme: light dark; --bg: #f7f5f0; --fg: #26231f; --muted: #5e5850; --card: #ffffff; --line: #ddd6ca;
  --accent: #2f6f5e; --on-accent: #ffffff; --bad: #8a3b12; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #1c1b19; --fg: #ece7de; --muted: #b5ada1; --card: #272522; --line: #3d3a35; --accent: #7cc4ad;
    --on-accent: #10201b; --bad: #f0a57c; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 17px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
h1 { font-size: 1.4rem; margin: 0 0 .4rem; }
.lead { color: var(--muted); margin: 0 0 1.5rem; }
.buttons { display: grid; gap: .75rem; }
.button { display: block; text-align: center; padding: 1rem; border-radius: .8rem; border: 1px solid var(--line);
  background: var(--card); color: var(--fg); font-weight: 600; cursor: pointer; }
.button.primary { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
.button:focus-within { outline: 3px solid var(--accent); outline-offset: 2px; }
.button input { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; }
.status { min-height: 1.5em; margin: 1.25rem 0 .5rem; color: var(--muted); }
.sent { list-style: none; margin: 0; padding: 0; }
.sent li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .25rem 1rem; padding: .6rem 0;
  border-bottom: 1px solid var(--line); }
.sent .name { min-width: 0; overflow-wrap: anywhere; }
.sent .outcome { color: var(--muted); white-space: nowrap; }
/* Why a photo was not sent goes on a line of its own under its name, which keeps its width. */
.sent .outcome.bad { flex-basis: 100%; color: var(--bad); white-space: normal; }
`;

/** Plain JavaScript for any phone's browser: photos are sent one at a time, each as the body of its own request. */
export const PAGE_JS = `'use strict';
(function () {
  var status = document.getElementById('status');
  var list = document.getElementById('sent');
  var queue = [];
  var sending = false;
  var done = 0;

  function line(name) {
    var item = document.createElement('li');
    var label = document.createElement('span');
    label.className = 'name';
    label.textContent = name;
    var outcome = document.createElement('span');
    outcome.className = 'outcome';
    outcome.textContent = 'Waiting';
    item.append(label, outcome);
    list.prepend(item);
    return outcome;
  }

  function say(outcome, text, bad) {
    outcome.textContent = text;
    outcome.className = bad ? 'outcome bad' : 'outcome';
  }

  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  async function send(entry) {
    say(entry.outcome, 'Sending…');
    for (;;) {
      var response;
      try {
        response = await fetch('photos', {
          method: 'POST',
          headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(entry.file.name || 'photo.jpg') },
          body: entry.file,
        });
      } catch (error) {
        return say(entry.outcome, 'Not sent: the computer could not be reached. Is the window still showing the code?', true);
      }
      if (response.status === 429) {
        await wait(1000 * Number(response.headers.get('Retry-After') || 1));
        continue;
      }
      var body = {};
      try { body = await response.json(); } catch (error) { body = {}; }
      if (response.status === 404) return say(entry.outcome, 'Not sent: this page has closed. Scan the code on the window again.', true);
      if (body.outcome === 'imported') { done += 1; return say(entry.outcome, 'In the window'); }
      if (body.outcome === 'duplicate') return say(entry.outcome, 'Already there');
      return say(entry.outcome, body.message || body.error || 'Not sent.', true);
    }
  }

  async function drain() {
    if (sending) return;
    sending = true;
    while (queue.length > 0) {
      status.textContent = 'Sending ' + queue.length + (queue.length === 1 ? ' photo…' : ' photos…');
      await send(queue.shift());
    }
    sending = false;
    status.textContent = done === 0 ? '' : done + (done === 1 ? ' photo is' : ' photos are') + ' in the window. You can send more.';
  }

  function add(input) {
    for (var i = 0; i < input.files.length; i += 1) queue.push({ file: input.files[i], outcome: line(input.files[i].name || 'Photo') });
    input.value = '';
    drain();
  }

  document.getElementById('camera').addEventListener('change', function (event) { add(event.target); });
  document.getElementById('library').addEventListener('change', function (event) { add(event.target); });
})();
`;
