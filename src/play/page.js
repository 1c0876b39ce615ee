// The player of `explore --html`. It reads the recording the program embedded in the page
// (explore.play/3, docs/json.md) and draws it. The counts so far at each step are added up
// from the boards the steps expanded, as the program's `Recording::counts` adds them; the
// whole run's counts are the program's own. One `state` object; pure functions from it to
// HTML text; one handler for the keys; nothing is fetched.
'use strict';
(function () {
  const TREE_MAX = 1500; // most boards drawn in the tree
  const FATES = { b: 'branched', d: 'dead', c: 'cut', s: 'solved', u: 'unexplored' };
  const doc = JSON.parse(document.getElementById('recording').textContent);
  const runs = doc.runs.map(prepare);
  const maxPosition = Math.max(0, ...runs.map((run) => run.length));

  const state = { position: 0, playing: false, delay: 300 };
  const timings = []; // milliseconds of each redraw, for the benchmarks
  let timer = null;

  // ---- the recording, read once ----

  function prepare(rec) {
    unpack(rec);
    const side = rec.size;
    const [boxRows, boxCols] = rec.box.split('x').map(Number);
    const byBoard = rec.note === null;
    const made = [1];
    const deepest = [0];
    const firstAtDepth = new Map();
    for (let i = 0; i < rec.steps.length; i++) {
      const board = rec.boards[rec.steps[i].board];
      made.push(made[i] + board.children.length);
      deepest.push(Math.max(deepest[i], board.depth));
      if (!firstAtDepth.has(board.depth)) firstAtDepth.set(board.depth, i + 1);
    }
    const length = byBoard ? rec.steps.length : rec.stats.per_depth.length;
    const layout = byBoard && rec.boards.length <= TREE_MAX ? treeLayout(rec) : null;
    const puzzle = cellsOf(rec.puzzle, side);
    return {
      rec, side, boxRows, boxCols, byBoard, made, deepest, firstAtDepth, length, layout,
      puzzle, expanded: rebuild(rec, puzzle), stack: { position: 0, ids: [0] },
    };
  }

  // The recording's columns (a column of numbers per field) read once into a record per
  // board and per step, which the rest of the player reads. A board's children are the
  // boards that name it as their parent, consecutive numbers; its place in the order of
  // expansion is the step that names it. A step expands one board: its forced cells, its
  // fate and the children it made add to the counts so far, and every board made and not
  // yet expanded is waiting (the queue or the stack).
  function unpack(rec) {
    const b = rec.boards;
    const n = b.parent.length;
    const boards = new Array(n);
    for (let id = 0; id < n; id++) {
      boards[id] = {
        id, parent: b.parent[id], depth: b.depth[id], guess_cell: b.guess_cell[id],
        digit: b.guess[id], guess: null, fate: FATES[b.fate[id]] || 'unexplored',
        cell: b.cell[id], children: [], forced: b.forced[id], visit: null, changes: null,
        clause: null, learned: [],
      };
      if (b.parent[id] !== null) boards[b.parent[id]].children.push(id);
    }
    const side = rec.size;
    for (const board of boards) {
      if (board.digit !== null) {
        board.guess = 'r' + (Math.floor(board.guess_cell / side) + 1) + 'c' +
          ((board.guess_cell % side) + 1) + '=' + guessDigit(board.digit);
      }
    }
    const s = rec.steps;
    const steps = new Array(s.board.length);
    let at = 0;
    const now = { waiting: 1, forced: 0, guesses: 0, dead: 0, found: 0 };
    for (let i = 0; i < steps.length; i++) {
      const board = boards[s.board[i]];
      now.waiting += board.children.length - 1;
      now.forced += board.forced;
      if (board.fate === 'branched' && board.children.length > 1) now.guesses++;
      else if (board.fate === 'dead' || board.fate === 'cut') now.dead++;
      else if (board.fate === 'solved') now.found++;
      steps[i] = {
        board: s.board[i], waiting: now.waiting, nodes: i + 1, forced: now.forced,
        guesses: now.guesses, dead: now.dead, found: now.found,
      };
      board.visit = i;
      board.changes = s.changes.slice(at, at + 2 * s.changed[i]);
      at += 2 * s.changed[i];
    }
    const c = rec.clauses;
    for (let i = 0; i + 1 < c.cut.length; i += 2) boards[c.cut[i]].clause = c.text[c.cut[i + 1]];
    for (let i = 0; i + 1 < c.taught.length; i += 2) {
      boards[c.taught[i]].learned.push(c.text[c.taught[i + 1]]);
    }
    rec.boards = boards;
    rec.steps = steps;
  }

  // Every expanded board's digits, rebuilt once from its recorded changes: a board is
  // expanded after its parent, and its changes (index, digit pairs) are taken against its
  // parent's digits (the root's against the puzzle's).
  function rebuild(rec, puzzle) {
    const cells = new Array(rec.boards.length).fill(null);
    for (const step of rec.steps) {
      const board = rec.boards[step.board];
      const from = board.parent === null ? puzzle : cells[board.parent];
      const own = (from || puzzle).slice();
      const changes = board.changes;
      for (let i = 0; i + 1 < changes.length; i += 2) own[changes[i]] = changes[i + 1];
      cells[board.id] = own;
    }
    return cells;
  }

  function cellsOf(line, side) {
    if (side > 35) return line.split(' ').map(Number);
    return Array.from(line, (ch) => (ch === '.' ? 0 : parseInt(ch, 36)));
  }

  // A digit as a guess writes it: its character up to 35, else its number.
  function guessDigit(digit) {
    return digit <= 35 ? digit.toString(36).toUpperCase() : String(digit);
  }

  function digitText(digit, side) {
    if (digit === 0) return '';
    return side > 35 ? String(digit) : digit.toString(36).toUpperCase();
  }

  function cellName(run, index) {
    return 'r' + (Math.floor(index / run.side) + 1) + 'c' + ((index % run.side) + 1);
  }

  // A board's digits: as recorded once expanded; a board still waiting is its parent's
  // with the guess placed (the clone made at the branch cell).
  function boardCells(run, id) {
    const board = run.rec.boards[id];
    if (run.expanded[id] !== null) return run.expanded[id];
    if (board.parent === null) return run.puzzle;
    const cells = boardCells(run, board.parent).slice();
    cells[board.guess_cell] = board.digit;
    return cells;
  }

  // The tree's drawing: leaves left to right in the order of the numbering, parents over
  // the middle of their children, one row per depth.
  function treeLayout(rec) {
    const x = new Array(rec.boards.length).fill(0);
    let leaves = 0;
    let deepest = 0;
    const order = [];
    const todo = [0];
    while (todo.length > 0) {
      const id = todo.pop();
      order.push(id);
      const children = rec.boards[id].children;
      for (let i = children.length - 1; i >= 0; i--) todo.push(children[i]);
    }
    // Leaves get their places in the order they are met from the left.
    for (const id of order) {
      deepest = Math.max(deepest, rec.boards[id].depth);
      if (rec.boards[id].children.length === 0) x[id] = leaves++;
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const board = rec.boards[order[i]];
      if (board.children.length === 0) continue;
      const first = x[board.children[0]];
      const last = x[board.children[board.children.length - 1]];
      x[board.id] = (first + last) / 2;
    }
    return { x, leaves: Math.max(leaves, 1), deepest };
  }

  // ---- what a run shows at a position ----

  function at(run) {
    return Math.min(state.position, run.length);
  }

  // The boards waiting after `p` steps, next first: a queue for bfs (its numbers are its
  // order), a stack for the others (kept from the last position when it moves by one).
  function waitingIds(run, p) {
    const rec = run.rec;
    if (rec.order === 'breadth-first') {
      const ids = [];
      for (let id = p; id < run.made[p]; id++) ids.push(id);
      return ids;
    }
    let { position, ids } = run.stack;
    if (position > p) {
      position = 0;
      ids = [0];
    } else {
      ids = ids.slice();
    }
    for (; position < p; position++) {
      ids.pop();
      const children = rec.boards[rec.steps[position].board].children;
      for (let i = children.length - 1; i >= 0; i--) ids.push(children[i]);
    }
    run.stack = { position: p, ids };
    return ids.slice().reverse();
  }

  function describe(run, p) {
    const rec = run.rec;
    if (!run.byBoard) {
      if (p === 0) return 'before the first depth';
      const row = rec.stats.per_depth[p - 1];
      return 'depth ' + row.depth + ': ' + plural(row.boards, 'board') + ', ' + row.dead + ' dead';
    }
    if (p === 0) return 'the puzzle, waiting to be expanded';
    const board = rec.boards[rec.steps[p - 1].board];
    return 'board ' + p + (board.guess ? ' (' + board.guess + ')' : ' (start)') +
      ' at depth ' + board.depth + ': ' + fateText(run, board);
  }

  function fateText(run, board) {
    switch (board.fate) {
      case 'branched':
        return (board.forced > 0 ? '+' + board.forced + ' forced, then ' : '') +
          (board.children.length > 1 ? 'branches on ' : 'fills ') + cellName(run, board.cell) +
          ' into ' + plural(board.children.length, 'board') +
          (board.children.length > 1 ? ', a clone per candidate (' +
            board.children.map((id) => guessDigit(run.rec.boards[id].digit)).join(', ') + ')' : '');
      case 'cut':
        return 'cut by a learned clause before it was filled' +
          (board.clause ? ': ' + board.clause : '');
      case 'dead':
        return 'dead: ' + (board.cell === null ? 'a digit has no place left in a unit'
          : cellName(run, board.cell) + ' has no candidate left') +
          (board.learned.length > 0 ? '; learned ' + board.learned.join(', ') : '');
      case 'solved':
        return 'a solution' + (board.forced > 0 ? ' (+' + board.forced + ' forced)' : '');
      default:
        return 'not expanded';
    }
  }

  // ---- drawing: pure functions from the state to HTML text ----

  // A run's drawing in parts, each a pure function of the run and its position, in the
  // column it stands in; a part is written into the page only when its text changed, so a
  // step costs the parts it changes.
  const PARTS = [
    ['now', 0, (run, p) => (run.byBoard ? renderNow(run, p) : renderDepthNow(run, p))],
    ['counts', 0, renderCounts],
    ['waiting', 1, (run, p) => (run.byBoard ? renderWaiting(run, p) : '')],
    ['solutions', 1, renderSolutions],
    ['tree', 2, (run) => (run.byBoard ? renderTree(run) : '')],
    ['chart', 2, renderChart],
  ];

  function render() {
    const start = performance.now();
    for (const run of runs) {
      const p = at(run);
      for (const [name, , draw] of PARTS) {
        const html = draw(run, p);
        if (run.drawn[name] !== html) {
          const painted = paintedBoards(run.elements[name]);
          run.elements[name].innerHTML = html;
          run.drawn[name] = html;
          paintBoards(run.elements[name], painted);
        }
      }
      const tree = run.elements.tree.querySelector('canvas');
      if (tree !== null && run.painted !== p) {
        paintTree(tree, run, p);
        run.painted = p;
      }
    }
    const scrub = document.getElementById('scrub');
    scrub.max = String(maxPosition);
    scrub.value = String(state.position);
    document.getElementById('play').textContent = state.playing ? '\u23F8 Pause' : '\u25B6 Play';
    document.getElementById('play').setAttribute('aria-pressed', String(state.playing));
    const live = document.getElementById('live');
    live.setAttribute('aria-live', state.playing ? 'off' : 'polite');
    live.textContent = 'Step ' + state.position + ' of ' + maxPosition + '. ' +
      runs.map((run) => run.rec.strategy + ': ' + describe(run, at(run))).join('; ') + '.';
    const hash = '#step=' + state.position;
    if (location.hash !== hash) history.replaceState(null, '', hash);
    // The layout the browser would make before painting, made here so that it is timed too.
    void document.body.offsetHeight;
    timings.push(performance.now() - start);
  }

  // What stays while the run plays: its heading, its rules, and a place for each part.
  function skeleton(run, index) {
    const rec = run.rec;
    const parts = ['<section class="run" aria-labelledby="run-' + index + '" data-run="' + index + '">'];
    parts.push('<h2 id="run-' + index + '">' + esc(rec.strategy) + ': ' +
      (rec.order === 'breadth-first' ? 'breadth-first, a queue of boards' : 'depth-first, a stack of boards') +
      '</h2>');
    parts.push('<p class="rules">' + esc(rules(rec)) + '</p>');
    if (!run.byBoard) parts.push('<p class="note">' + esc(rec.note) + '.</p>');
    parts.push('<div class="cols">');
    for (let col = 0; col < 3; col++) {
      parts.push('<div class="col">');
      for (const [name, column] of PARTS) {
        if (column === col) parts.push('<div data-part="' + name + '"></div>');
      }
      parts.push('</div>');
    }
    parts.push('</div></section>');
    return parts.join('');
  }

  function rules(rec) {
    return rec.size + 'x' + rec.size + ' (' + rec.box + ' boxes); ' +
      (rec.tree === 'textbook' ? 'the first empty cell, no forced cells'
        : 'forced cells: ' + rec.forced + ', branch: ' + rec.branch) +
      (rec.learn ? ', learning clauses' : '');
  }

  function renderNow(run, p) {
    const rec = run.rec;
    const id = p === 0 ? 0 : rec.steps[p - 1].board;
    const board = rec.boards[id];
    const caption = p === 0 ? 'The puzzle: ' + plural(run.puzzle.filter((d) => d > 0).length, 'given')
      : 'Board ' + p + (board.guess ? ', ' + board.guess : ', the start') + ', depth ' + board.depth;
    const what = p === 0 ? 'waiting to be expanded' : fateText(run, board);
    return '<div class="current" style="max-width:' + Math.max(bigSize(run) + 8, 200) + 'px"><h3>Now</h3><figure>' +
      gridHtml(run, id, p === 0 ? 'waiting' : board.fate, bigSize(run), true) +
      '<figcaption><strong>' + esc(caption) + '</strong><br>' + esc(what) + '</figcaption></figure></div>';
  }

  function bigSize(run) {
    return run.side <= 4 ? 150 : run.side <= 6 ? 180 : run.side <= 9 ? 230 : run.side <= 16 ? 300 : 340;
  }

  function renderDepthNow(run, p) {
    const rows = run.rec.stats.per_depth;
    if (p === 0) return '<div class="current"><h3>Now</h3><p>Before the first depth: ' + rows.length + ' depths to play.</p></div>';
    const row = rows[p - 1];
    return '<div class="current"><h3>Now: depth ' + row.depth + '</h3><p>' +
      esc(plural(row.boards, 'board')) + ', ' + num(row.forced) + ' forced cells, ' +
      num(row.children) + ' children made, ' + num(row.dead) + ' dead, ' + num(row.found) +
      ' found; frontier ' + num(row.frontier) + ' boards (' + bytes(row.frontier_bytes) + ').</p></div>';
  }

  function renderCounts(run, p) {
    const rec = run.rec;
    const stats = rec.stats;
    // Each row: its label, the key and value of the position, the key and value of the run.
    const rows = [];
    let head;
    if (run.byBoard) {
      const now = p === 0 ? { nodes: 0, forced: 0, guesses: 0, dead: 0, found: 0, waiting: 1 } : rec.steps[p - 1];
      head = ['so far', 'in all'];
      rows.push(['boards', 'nodes', now.nodes, 'nodes', stats.nodes]);
      rows.push(['forced cells', 'forced', now.forced, 'forced', stats.forced]);
      rows.push(['guesses', 'guesses', now.guesses, 'guesses', stats.guesses]);
      rows.push(['dead', 'dead', now.dead, 'dead', stats.dead]);
      rows.push(['solutions', 'found', now.found, 'found', stats.found]);
      rows.push([rec.order === 'breadth-first' ? 'queue' : 'stack', 'waiting', now.waiting, 'waiting', null]);
      rows.push(['frontier (peak)', 'frontier', null, 'frontier', stats.peak_frontier]);
      rows.push(['memory (peak)', 'frontier_bytes', null, 'frontier_bytes', stats.peak_frontier_bytes]);
    } else {
      const row = p === 0 ? null : stats.per_depth[p - 1];
      const v = (key) => (row === null ? null : row[key]);
      head = [row === null ? 'depth' : 'depth ' + row.depth, 'in all'];
      rows.push(['boards', 'boards', v('boards'), 'nodes', stats.nodes]);
      rows.push(['forced cells', 'forced', v('forced'), 'forced', stats.forced]);
      rows.push(['guesses', 'guesses', null, 'guesses', stats.guesses]);
      rows.push(['children made', 'children', v('children'), 'children', null]);
      rows.push(['dead', 'dead', v('dead'), 'dead', stats.dead]);
      rows.push(['solutions', 'found', v('found'), 'found', stats.found]);
      rows.push(['frontier (peak)', 'frontier', v('frontier'), 'frontier', stats.peak_frontier]);
      rows.push(['memory (peak)', 'frontier_bytes', v('frontier_bytes'), 'frontier_bytes', stats.peak_frontier_bytes]);
    }
    if (rec.learn) rows.push(['clauses learned', 'learned', null, 'learned', stats.learned]);
    const cells = ['<dl class="counts"><dt class="head">count</dt><dd class="head">' + esc(head[0]) +
      '</dd><dd class="head">' + esc(head[1]) + '</dd>'];
    const shown = (key, value) => (value === null ? '' : key === 'frontier_bytes' ? bytes(value) : num(value));
    for (const [label, nowKey, now, totalKey, total] of rows) {
      cells.push('<dt>' + esc(label) + '</dt>' +
        '<dd data-count="' + nowKey + '"' + (now === null ? '' : ' data-value="' + now + '"') + '>' +
        shown(nowKey, now) + '</dd>' +
        '<dd data-total="' + totalKey + '"' + (total === null ? '' : ' data-value="' + total + '"') + '>' +
        shown(totalKey, total) + '</dd>');
    }
    cells.push('</dl>');
    return '<div><h3>Counts</h3>' + cells.join('') + '</div>';
  }

  function renderWaiting(run, p) {
    const rec = run.rec;
    const ids = waitingIds(run, p);
    const shown = run.side <= 6 ? 10 : run.side <= 9 ? 6 : run.side <= 16 ? 4 : 2;
    const size = run.side <= 6 ? 56 : run.side <= 9 ? 84 : 120;
    const name = rec.order === 'breadth-first' ? 'The queue' : 'The stack';
    const parts = ['<div class="waiting"><h3>' + name + ': ' + plural(ids.length, 'board') +
      ' waiting' + (ids.length > 0 ? ', next first' : '') + '</h3><div class="boards">'];
    for (const id of ids.slice(0, shown)) {
      const board = rec.boards[id];
      parts.push('<figure class="mini">' + gridHtml(run, id, 'waiting', size, false) +
        '<figcaption>' + esc(board.guess || 'start') + ' (d' + board.depth + ')</figcaption></figure>');
    }
    if (ids.length > shown) parts.push('<p>+' + num(ids.length - shown) + ' more</p>');
    parts.push('</div></div>');
    return parts.join('');
  }

  function renderSolutions(run, p) {
    const rec = run.rec;
    const parts = ['<div class="solutions">'];
    const last = p === run.length;
    if (run.byBoard) {
      const found = [];
      for (let i = 0; i < p; i++) {
        const id = rec.steps[i].board;
        if (rec.boards[id].fate === 'solved') found.push(id);
      }
      parts.push('<h3>Solutions found: ' + found.length + '</h3><div class="boards">');
      const size = run.side <= 6 ? 56 : run.side <= 9 ? 84 : 120;
      for (const id of found.slice(0, 6)) {
        parts.push('<figure class="mini solved">' + gridHtml(run, id, 'solved', size, false) +
          '<figcaption>board ' + (rec.boards[id].visit + 1) + '</figcaption></figure>');
      }
      if (found.length > 6) parts.push('<p>+' + num(found.length - 6) + ' more</p>');
      parts.push('</div>');
    }
    if (last) {
      parts.push('<p>The program reports: <strong>' + esc(rec.status) + '</strong>, ' +
        plural(rec.count, 'solution') + (rec.solutions.length > 0 ? ':' : '.') +
        (rec.count > rec.solutions.length ? ' (the first ' + rec.solutions.length + ' listed)' : '') + '</p>');
      for (const line of rec.solutions) {
        parts.push('<code data-solution>' + esc(line) + '</code>');
      }
    }
    parts.push('</div>');
    return parts.join('');
  }

  // A board is drawn on a canvas: its place in the HTML text names what to draw, and
  // `paintBoards` draws it once the text is in the page (text in SVG costs a layout per digit).
  function gridHtml(run, id, fate, px, big) {
    const board = run.rec.boards[id];
    const label = (isDead(fate) ? 'dead board' : fate === 'solved' ? 'solution' : 'board') +
      (board && board.guess ? ' ' + board.guess : ' at the start');
    return '<canvas class="grid" width="' + px + '" height="' + px + '" role="img" aria-label="' +
      esc(label) + '" data-r="' + runs.indexOf(run) + '" data-board="' + id + '" data-fate="' + fate +
      '"' + (big ? ' data-big' : '') + '></canvas>';
  }

  // A board's canvas is painted once: one that stays in a part from a step to the next (the
  // queue moving along) is moved into its new place, not painted again.
  function boardKey(canvas) {
    if (canvas.dataset.key) return canvas.dataset.key;
    return canvas.dataset.r + ' ' + canvas.dataset.board + ' ' + canvas.dataset.fate + ' ' + canvas.width;
  }

  function paintedBoards(element) {
    const painted = new Map();
    for (const canvas of element.querySelectorAll('canvas.grid')) painted.set(boardKey(canvas), canvas);
    return painted;
  }

  function paintBoards(element, painted) {
    for (const canvas of element.querySelectorAll('canvas.grid')) {
      const key = boardKey(canvas);
      const old = painted.get(key);
      if (old !== undefined) {
        painted.delete(key);
        canvas.replaceWith(old);
        continue;
      }
      const run = runs[Number(canvas.dataset.r)];
      paintBoard(canvas, run, Number(canvas.dataset.board), canvas.dataset.fate, canvas.hasAttribute('data-big'));
      canvas.dataset.key = key;
    }
  }

  // The palette, read once from the style sheet's variables.
  const palette = new Map();
  function colour(name) {
    if (!palette.has(name)) {
      palette.set(name, getComputedStyle(document.documentElement).getPropertyValue(name).trim());
    }
    return palette.get(name);
  }

  let family = null;
  function fontFamily() {
    if (family === null) family = getComputedStyle(document.body).fontFamily;
    return family;
  }

  function paintBoard(canvas, run, id, fate, big) {
    const n = run.side;
    const px = canvas.width;
    const scale = window.devicePixelRatio || 1;
    canvas.style.width = px + 'px';
    canvas.style.height = px + 'px';
    canvas.width = Math.round(px * scale);
    canvas.height = Math.round(px * scale);
    const ctx = canvas.getContext('2d');
    ctx.scale(scale, scale);
    const pad = 1.5;
    const u = (px - 2 * pad) / n;
    const cells = boardCells(run, id);
    const board = run.rec.boards[id];
    const guessCell = board.guess_cell !== null ? board.guess_cell : -1;
    const branchCell = board.fate === 'branched' && fate !== 'waiting' ? board.cell : -1;
    const deadCell = board.fate === 'dead' && fate !== 'waiting' && board.cell !== null ? board.cell : -1;
    const x = (i) => pad + (i % n) * u;
    const y = (i) => pad + Math.floor(i / n) * u;
    ctx.fillStyle = colour('--paper');
    ctx.fillRect(0, 0, px, px);
    const shade = (index, name) => {
      if (index < 0) return;
      ctx.fillStyle = colour(name);
      ctx.fillRect(x(index), y(index), u, u);
    };
    shade(guessCell, '--guess-cell');
    shade(branchCell, '--branch-cell');
    shade(deadCell, '--dead-cell');
    const lines = (thick) => {
      ctx.beginPath();
      for (let i = 0; i <= n; i++) {
        const vertical = i % run.boxCols === 0;
        const horizontal = i % run.boxRows === 0;
        if (vertical === thick || i === 0 || i === n) {
          ctx.moveTo(pad + i * u, pad);
          ctx.lineTo(pad + i * u, pad + n * u);
        }
        if (horizontal === thick || i === 0 || i === n) {
          ctx.moveTo(pad, pad + i * u);
          ctx.lineTo(pad + n * u, pad + i * u);
        }
      }
      ctx.stroke();
    };
    ctx.strokeStyle = colour('--line');
    ctx.lineWidth = 0.5;
    lines(false);
    ctx.strokeStyle = colour('--box-line');
    ctx.lineWidth = big ? 2 : 1.2;
    lines(true);
    if (branchCell >= 0) {
      ctx.strokeStyle = colour('--now');
      ctx.lineWidth = big ? 3 : 1.5;
      ctx.strokeRect(x(branchCell) + 1, y(branchCell) + 1, u - 2, u - 2);
    }
    const kind = (i) => (run.puzzle[i] !== 0 ? '--given' : i === guessCell ? '--guess' : '--forced');
    if (big || n <= 6) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const size = Math.round(u * (n > 35 ? 0.45 : 0.68)) + 'px ' + fontFamily();
      // Settled digits, then the givens and the guess in bold: the font is set twice a board.
      for (const bold of [false, true]) {
        ctx.font = (bold ? '700 ' : '400 ') + size;
        for (let i = 0; i < cells.length; i++) {
          if (cells[i] === 0 || bold !== (run.puzzle[i] !== 0 || i === guessCell)) continue;
          ctx.fillStyle = colour(kind(i));
          ctx.fillText(digitText(cells[i], n), x(i) + u / 2, y(i) + u / 2 + 1);
          if (i === guessCell) ctx.fillRect(x(i) + u * 0.3, y(i) + u * 0.85, u * 0.4, Math.max(1, u * 0.06));
        }
      }
    } else {
      // Too small to read digits: a square per settled cell, in the digits' colours.
      for (let i = 0; i < cells.length; i++) {
        if (cells[i] === 0) continue;
        ctx.fillStyle = colour(kind(i));
        ctx.fillRect(x(i) + u * 0.2, y(i) + u * 0.2, u * 0.6, u * 0.6);
      }
    }
    ctx.strokeStyle = colour('--ink');
    if (deadCell >= 0) {
      ctx.lineWidth = big ? 2.5 : 1.2;
      ctx.beginPath();
      ctx.moveTo(x(deadCell) + u * 0.2, y(deadCell) + u * 0.2);
      ctx.lineTo(x(deadCell) + u * 0.8, y(deadCell) + u * 0.8);
      ctx.moveTo(x(deadCell) + u * 0.8, y(deadCell) + u * 0.2);
      ctx.lineTo(x(deadCell) + u * 0.2, y(deadCell) + u * 0.8);
      ctx.stroke();
    }
    if (fate === 'solved' && big) {
      ctx.strokeStyle = colour('--solved');
      ctx.lineWidth = 1.5;
      ctx.strokeRect(0.75, 0.75, px - 1.5, px - 1.5);
    }
    if (isDead(fate)) {
      ctx.strokeStyle = colour('--dead');
      ctx.lineWidth = big ? 3 : 1.5;
      ctx.beginPath();
      ctx.moveTo(pad, pad + n * u);
      ctx.lineTo(pad + n * u, pad);
      ctx.stroke();
    }
  }

  // The tree's frame: its heading and a canvas, the same at every step; `paintTree` draws
  // the tree as it stands at the step.
  function renderTree(run) {
    const rec = run.rec;
    if (run.layout === null) {
      return '<div class="tree"><h3>The tree</h3><p>' + plural(rec.boards.length, 'board') +
        ': too many to draw here; the chart below has it per depth.</p></div>';
    }
    const { leaves, deepest } = run.layout;
    const width = 300;
    const height = Math.round(Math.min(320, Math.max(120, (deepest + 1) * 26)));
    return '<div class="tree"><h3>The tree, in the order of the search</h3>' +
      '<p class="legend">ring: now; grey: waiting; cross: dead; filled square: solution</p>' +
      '<canvas class="tree-canvas" width="' + width + '" height="' + height + '" role="img" ' +
      'aria-label="the search tree: ' + plural(rec.boards.length, 'board') + ' over ' +
      plural(deepest + 1, 'depth') + ', ' + plural(leaves, 'leaf') + '"></canvas></div>';
  }

  function paintTree(canvas, run, p) {
    const rec = run.rec;
    const { x, leaves, deepest } = run.layout;
    if (!canvas.dataset.painted) {
      const scale = window.devicePixelRatio || 1;
      canvas.style.width = canvas.width + 'px';
      canvas.style.height = canvas.height + 'px';
      canvas.dataset.w = canvas.width;
      canvas.dataset.h = canvas.height;
      canvas.width = Math.round(canvas.width * scale);
      canvas.height = Math.round(canvas.height * scale);
      canvas.dataset.painted = '1';
    }
    const w = Number(canvas.dataset.w);
    const h = Number(canvas.dataset.h);
    const ctx = canvas.getContext('2d');
    const scale = canvas.width / w;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.fillStyle = colour('--paper');
    ctx.fillRect(0, 0, w, h);
    const dx = (w - 12) / Math.max(1, leaves - 1 || 1);
    const dy = (h - 12) / Math.max(1, deepest);
    const px = (id) => 6 + (leaves === 1 ? (w - 12) / 2 : x[id] * dx);
    const py = (id) => 6 + rec.boards[id].depth * dy;
    const r = Math.max(1.5, Math.min(5, dx / 2.5, dy / 4));
    const made = run.made[p];
    const now = p === 0 ? -1 : rec.steps[p - 1].board;
    ctx.strokeStyle = colour('--line');
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let id = 1; id < made && id < rec.boards.length; id++) {
      if (!shownIn(rec, id, p)) continue;
      const parent = rec.boards[id].parent;
      ctx.moveTo(px(parent), py(parent));
      ctx.lineTo(px(id), py(id));
    }
    ctx.stroke();
    for (let id = 0; id < rec.boards.length; id++) {
      if (id !== 0 && !shownIn(rec, id, p)) continue;
      const board = rec.boards[id];
      const visited = visitedBy(rec, id, p);
      const cx = px(id);
      const cy = py(id);
      if (visited && board.fate === 'solved') {
        ctx.fillStyle = colour('--solved');
        ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
      } else {
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, 2 * Math.PI);
        ctx.fillStyle = visited ? colour('--visited') : colour('--waiting-node');
        ctx.fill();
        ctx.strokeStyle = colour('--ink');
        ctx.lineWidth = 0.8;
        ctx.stroke();
      }
      if (visited && isDead(board.fate)) {
        ctx.beginPath();
        ctx.moveTo(cx - r, cy - r);
        ctx.lineTo(cx + r, cy + r);
        ctx.moveTo(cx + r, cy - r);
        ctx.lineTo(cx - r, cy + r);
        ctx.strokeStyle = colour('--ink');
        ctx.lineWidth = 1.2;
        ctx.stroke();
      }
      if (id === now) {
        ctx.beginPath();
        ctx.arc(cx, cy, r + 3, 0, 2 * Math.PI);
        ctx.strokeStyle = colour('--now');
        ctx.lineWidth = 2.5;
        ctx.stroke();
      }
    }
  }

  // Whether board `id` is in the tree after `p` steps: it was made when its parent was
  // expanded.
  function shownIn(rec, id, p) {
    const parent = rec.boards[id].parent;
    return parent === null || visitedBy(rec, parent, p);
  }

  // A board that died: of its forced cells, or cut by a clause learned before it.
  function isDead(fate) {
    return fate === 'dead' || fate === 'cut';
  }

  function visitedBy(rec, id, p) {
    const visit = rec.boards[id].visit;
    return visit !== null && visit < p;
  }

  function renderChart(run, p) {
    const rows = run.rec.stats.per_depth;
    if (rows.length === 0) return '';
    const shown = run.byBoard ? (p === 0 ? 0 : run.deepest[p] + 1) : p;
    const current = run.byBoard ? (p === 0 ? -1 : run.deepest[p]) : p - 1;
    const w = 400;
    const h = 150;
    const left = 34;
    const bottom = 20;
    const most = Math.max(1, ...rows.map((row) => Math.max(row.frontier, row.dead)));
    const mostBytes = Math.max(1, ...rows.map((row) => row.frontier_bytes));
    const step = (w - left - 8) / rows.length;
    const bar = Math.max(1, step / 2 - 1);
    const y = (v) => h - bottom - (v / most) * (h - bottom - 10);
    const out = ['<svg viewBox="0 0 ' + w + ' ' + h + '" role="img" aria-label="per depth: frontier, dead boards and memory">'];
    out.push('<path class="axis" d="M' + left + ' 8V' + (h - bottom) + 'H' + (w - 4) + '"/>');
    out.push('<text x="2" y="14">' + num(most) + '</text><text x="2" y="' + (h - bottom) + '">0</text>');
    out.push('<text x="' + left + '" y="' + (h - 4) + '">depth 0</text><text x="' + (w - 60) + '" y="' + (h - 4) +
      '">depth ' + (rows.length - 1) + '</text>');
    const line = [];
    for (let d = 0; d < shown; d++) {
      const row = rows[d];
      const x0 = left + d * step + 1;
      out.push('<rect class="frontier" x="' + x0.toFixed(1) + '" y="' + y(row.frontier).toFixed(1) + '" width="' +
        bar.toFixed(1) + '" height="' + (h - bottom - y(row.frontier)).toFixed(1) + '"><title>depth ' + d +
        ': frontier ' + row.frontier + '</title></rect>');
      out.push('<rect class="dead" x="' + (x0 + bar).toFixed(1) + '" y="' + y(row.dead).toFixed(1) + '" width="' +
        bar.toFixed(1) + '" height="' + (h - bottom - y(row.dead)).toFixed(1) + '"><title>depth ' + d +
        ': dead ' + row.dead + '</title></rect>');
      const my = h - bottom - (row.frontier_bytes / mostBytes) * (h - bottom - 10);
      line.push((line.length === 0 ? 'M' : 'L') + (x0 + bar).toFixed(1) + ' ' + my.toFixed(1));
    }
    if (line.length > 0) out.push('<path class="memory" d="' + line.join('') + '"/>');
    if (current >= 0) {
      const cx = left + current * step + 1 + bar;
      out.push('<path class="axis" d="M' + cx.toFixed(1) + ' ' + (h - bottom + 2) + 'v6"/>');
    }
    out.push('</svg>');
    const table = ['<div class="depth-scroll"><table class="depths"><thead><tr><th scope="col">depth</th>' +
      '<th scope="col">boards</th><th scope="col">dead</th><th scope="col">found</th>' +
      '<th scope="col">frontier</th><th scope="col">memory</th></tr></thead><tbody>'];
    for (let d = 0; d < shown; d++) {
      const row = rows[d];
      table.push('<tr data-depth="' + d + '"' + (d === current ? ' class="at"' : '') + '><td>' + d +
        '</td><td data-key="boards">' + num(row.boards) + '</td><td data-key="dead">' + num(row.dead) +
        '</td><td data-key="found">' + num(row.found) + '</td><td data-key="frontier">' + num(row.frontier) +
        '</td><td data-key="frontier_bytes" data-value="' + row.frontier_bytes + '">' + bytes(row.frontier_bytes) + '</td></tr>');
    }
    table.push('</tbody></table></div>');
    return '<div class="chart"><h3>Per depth, as the program counts it: ' +
      '<span class="key" style="background:var(--bar-frontier)"></span>frontier (boards held), ' +
      '<span class="key" style="background:var(--bar-dead)"></span>dead, ' +
      '<span class="key" style="border-top:2px dashed var(--bar-memory)"></span>memory (dashed)</h3>' +
      out.join('') + table.join('') + '</div>';
  }

  // ---- small helpers ----

  function esc(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  }

  function num(value) {
    return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }

  function plural(count, word) {
    return num(count) + ' ' + word + (count === 1 ? '' : 's');
  }

  function bytes(value) {
    if (value < 1024) return value + ' B';
    if (value < 1024 * 1024) return (value / 1024).toFixed(1) + ' KiB';
    return (value / 1024 / 1024).toFixed(1) + ' MiB';
  }

  // ---- moving: the state changes here, and only here ----

  function go(position) {
    state.position = Math.max(0, Math.min(maxPosition, position));
    if (state.position === maxPosition) pause();
    render();
  }

  function pause() {
    state.playing = false;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function tick() {
    timer = null;
    if (!state.playing) return;
    go(state.position + 1);
    if (state.playing) schedule();
  }

  function schedule() {
    timer = state.delay > 0 ? setTimeout(tick, state.delay) : setTimeout(tick, 0);
  }

  function toggle() {
    if (state.playing) {
      pause();
      render();
      return;
    }
    if (state.position >= maxPosition) state.position = 0;
    state.playing = true;
    render();
    schedule();
  }

  function jumpToBoard(number) {
    go(number);
  }

  function jumpToDepth(depth) {
    const run = runs[0];
    if (!run) return;
    if (!run.byBoard) {
      go(depth + 1);
      return;
    }
    const position = run.firstAtDepth.get(depth);
    go(position === undefined ? run.length : position);
  }

  function onKey(event) {
    const target = event.target;
    const tag = target.tagName;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ((tag === 'INPUT' && target.type !== 'range') || tag === 'SELECT' || tag === 'TEXTAREA') return;
    switch (event.key) {
      case ' ':
      case 'Spacebar':
        toggle();
        break;
      case 'ArrowRight':
        pause();
        go(state.position + 1);
        break;
      case 'ArrowLeft':
        pause();
        go(state.position - 1);
        break;
      case 'Home':
        pause();
        go(0);
        break;
      case 'End':
        pause();
        go(maxPosition);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function fromHash() {
    const match = /step=(\d+)/.exec(location.hash);
    return match ? Number(match[1]) : 0;
  }

  document.addEventListener('keydown', onKey);
  document.getElementById('first').addEventListener('click', () => { pause(); go(0); });
  document.getElementById('back').addEventListener('click', () => { pause(); go(state.position - 1); });
  document.getElementById('play').addEventListener('click', toggle);
  document.getElementById('forward').addEventListener('click', () => { pause(); go(state.position + 1); });
  document.getElementById('last').addEventListener('click', () => { pause(); go(maxPosition); });
  document.getElementById('speed').addEventListener('change', (event) => {
    state.delay = Number(event.target.value);
  });
  document.getElementById('scrub').addEventListener('input', (event) => {
    pause();
    go(Number(event.target.value));
  });
  document.getElementById('jump-board').addEventListener('submit', (event) => {
    event.preventDefault();
    pause();
    jumpToBoard(Number(document.getElementById('board-input').value));
  });
  document.getElementById('jump-depth').addEventListener('submit', (event) => {
    event.preventDefault();
    pause();
    jumpToDepth(Number(document.getElementById('depth-input').value));
  });
  window.addEventListener('hashchange', () => {
    if (fromHash() !== state.position) go(fromHash());
  });

  const first = runs[0];
  document.getElementById('summary').textContent = first
    ? first.rec.title + ', ' + first.rec.size + 'x' + first.rec.size + ': the program says ' +
      first.rec.status + ' (' + plural(first.rec.count, 'solution') + '). ' +
      (first.byBoard ? 'Each step expands one board.' : 'Each step is one depth.')
    : 'No search recorded.';
  if (!runs.every((run) => run.byBoard)) {
    document.getElementById('jump-board').hidden = true;
  }
  document.getElementById('runs').innerHTML = runs.map(skeleton).join('');
  for (const [index, run] of runs.entries()) {
    const section = document.querySelector('[data-run="' + index + '"]');
    run.elements = {};
    run.drawn = {};
    for (const [name] of PARTS) run.elements[name] = section.querySelector('[data-part="' + name + '"]');
  }
  state.position = Math.max(0, Math.min(maxPosition, fromHash()));
  render();

  // For the tests and the benchmarks: the state, read only, and the redraw times.
  // For the tests: the digits a run's board shows, by id (0 for an empty cell).
  const cells = (run, id) => Array.from(boardCells(runs[run], id));
  window.explorePlayer = { state, timings, maxPosition, cells };
})();
