// The player of `explore --html`. It reads the recording the program embedded in the page
// (explore.play/1, docs/json.md) and draws it; every count it shows is a count recorded, none
// is worked out here. One `state` object; pure functions from it to HTML text; one handler
// for the keys; nothing is fetched.
'use strict';
(function () {
  const TREE_MAX = 1500; // most boards drawn in the tree
  const doc = JSON.parse(document.getElementById('recording').textContent);
  const runs = doc.runs.map(prepare);
  const maxPosition = Math.max(0, ...runs.map((run) => run.length));

  const state = { position: 0, playing: false, delay: 300 };
  const timings = []; // milliseconds of each redraw, for the benchmarks
  let timer = null;

  // ---- the recording, read once ----

  function prepare(rec) {
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
    return {
      rec, side, boxRows, boxCols, byBoard, made, deepest, firstAtDepth, length, layout,
      puzzle: cellsOf(rec.puzzle, side), stack: { position: 0, ids: [0] },
    };
  }

  function cellsOf(line, side) {
    if (side > 35) return line.split(' ').map(Number);
    return Array.from(line, (ch) => (ch === '.' ? 0 : parseInt(ch, 36)));
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
    if (board.digits !== null) return cellsOf(board.digits, run.side);
    if (board.parent === null) return run.puzzle;
    const cells = boardCells(run, board.parent).slice();
    const text = board.guess.slice(board.guess.indexOf('=') + 1);
    cells[board.guess_cell] = run.side > 35 ? Number(text) : parseInt(text, 36);
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
          ' into ' + plural(board.children.length, 'board');
      case 'dead':
        return 'dead: ' + (board.cell === null ? 'a digit has no place left in a unit'
          : cellName(run, board.cell) + ' has no candidate left');
      case 'solved':
        return 'a solution' + (board.forced > 0 ? ' (+' + board.forced + ' forced)' : '');
      default:
        return 'not expanded';
    }
  }

  // ---- drawing: pure functions from the state to HTML text ----

  function render() {
    const start = performance.now();
    document.getElementById('runs').innerHTML = runs.map(renderRun).join('');
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
    timings.push(performance.now() - start);
  }

  function renderRun(run, index) {
    const rec = run.rec;
    const p = at(run);
    const parts = ['<section class="run" aria-labelledby="run-' + index + '" data-run="' + index + '">'];
    parts.push('<h2 id="run-' + index + '">' + esc(rec.strategy) + ': ' +
      (rec.order === 'breadth-first' ? 'breadth-first, a queue of boards' : 'depth-first, a stack of boards') +
      '</h2>');
    parts.push('<p class="rules">' + esc(rules(rec)) + '</p>');
    if (!run.byBoard) parts.push('<p class="note">' + esc(rec.note) + '.</p>');
    parts.push('<div class="cols"><div class="col">');
    parts.push(run.byBoard ? renderNow(run, p) : renderDepthNow(run, p));
    parts.push(renderCounts(run, p));
    parts.push('</div><div class="col">');
    if (run.byBoard) parts.push(renderWaiting(run, p));
    parts.push(renderSolutions(run, p));
    parts.push('</div><div class="col">');
    if (run.byBoard) parts.push(renderTree(run, p));
    parts.push(renderChart(run, p));
    parts.push('</div></div></section>');
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
    return '<div class="current"><h3>Now</h3><figure>' +
      gridSvg(run, id, p === 0 ? 'waiting' : board.fate, bigSize(run), true) +
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
    const shown = run.side <= 9 ? 12 : run.side <= 16 ? 6 : 3;
    const size = run.side <= 6 ? 56 : run.side <= 9 ? 84 : 120;
    const name = rec.order === 'breadth-first' ? 'The queue' : 'The stack';
    const parts = ['<div class="waiting"><h3>' + name + ': ' + plural(ids.length, 'board') +
      ' waiting' + (ids.length > 0 ? ', next first' : '') + '</h3><div class="boards">'];
    for (const id of ids.slice(0, shown)) {
      const board = rec.boards[id];
      parts.push('<figure class="mini">' + gridSvg(run, id, 'waiting', size, false) +
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
        parts.push('<figure class="mini solved">' + gridSvg(run, id, 'solved', size, false) +
          '<figcaption>board ' + (rec.boards[id].visit + 1) + '</figcaption></figure>');
      }
      if (found.length > 6) parts.push('<p>+' + num(found.length - 6) + ' more</p>');
      parts.push('</div>');
    }
    if (last) {
      parts.push('<p>The program reports: <strong>' + esc(rec.status) + '</strong>, ' +
        plural(rec.solutions.length, 'solution') + (rec.solutions.length > 0 ? ':' : '.') + '</p>');
      for (const line of rec.solutions.slice(0, 100)) {
        parts.push('<code data-solution>' + esc(line) + '</code>');
      }
    }
    parts.push('</div>');
    return parts.join('');
  }

  function gridSvg(run, id, fate, px, big) {
    const n = run.side;
    const u = 10;
    const cells = id === null ? run.puzzle : boardCells(run, id);
    const board = id === null ? null : run.rec.boards[id];
    const guessCell = board && board.guess_cell !== null ? board.guess_cell : -1;
    const branchCell = board && board.fate === 'branched' && fate !== 'waiting' ? board.cell : -1;
    const deadCell = board && board.fate === 'dead' && fate !== 'waiting' && board.cell !== null ? board.cell : -1;
    const label = (fate === 'dead' ? 'dead board' : fate === 'solved' ? 'solution' : 'board') +
      (board && board.guess ? ' ' + board.guess : '');
    const out = ['<svg class="grid" viewBox="-1 -1 ' + (n * u + 2) + ' ' + (n * u + 2) + '" width="' + px +
      '" height="' + px + '" role="img" aria-label="' + esc(label) + '">'];
    out.push('<rect class="cell" x="0" y="0" width="' + n * u + '" height="' + n * u + '"/>');
    const mark = (index, cls) => {
      if (index < 0) return;
      out.push('<rect class="' + cls + '" x="' + (index % n) * u + '" y="' + Math.floor(index / n) * u +
        '" width="' + u + '" height="' + u + '"/>');
    };
    mark(guessCell, 'guess-cell');
    mark(branchCell, 'branch-cell');
    mark(deadCell, 'dead-cell');
    let thin = '';
    let thick = '';
    for (let i = 1; i < n; i++) {
      const v = 'M' + i * u + ' 0V' + n * u;
      const h = 'M0 ' + i * u + 'H' + n * u;
      if (i % run.boxCols === 0) thick += v; else thin += v;
      if (i % run.boxRows === 0) thick += h; else thin += h;
    }
    out.push('<path class="cell" d="' + thin + '"/><path class="box" d="' + thick + '"/>');
    out.push('<rect class="frame" x="0" y="0" width="' + n * u + '" height="' + n * u + '"/>');
    const size = n > 35 ? 4.5 : 7;
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] === 0) continue;
      const cls = run.puzzle[i] !== 0 ? 'given' : i === guessCell ? 'guess' : 'forced';
      out.push('<text class="' + cls + '" x="' + ((i % n) * u + u / 2) + '" y="' +
        (Math.floor(i / n) * u + u / 2) + '" font-size="' + size + '">' + digitText(cells[i], n) + '</text>');
    }
    if (deadCell >= 0) {
      const x = (deadCell % n) * u;
      const y = Math.floor(deadCell / n) * u;
      out.push('<path class="dead-mark" d="M' + (x + 2) + ' ' + (y + 2) + 'L' + (x + u - 2) + ' ' + (y + u - 2) +
        'M' + (x + u - 2) + ' ' + (y + 2) + 'L' + (x + 2) + ' ' + (y + u - 2) + '"/>');
    }
    if (fate === 'dead') {
      out.push('<path class="strike" d="M0 ' + n * u + 'L' + n * u + ' 0"/>');
    }
    if (big && fate === 'solved') {
      out.push('<rect class="frame" x="-0.5" y="-0.5" width="' + (n * u + 1) + '" height="' + (n * u + 1) + '"/>');
    }
    out.push('</svg>');
    return out.join('');
  }

  function renderTree(run, p) {
    const rec = run.rec;
    if (run.layout === null) {
      return '<div class="tree"><h3>The tree</h3><p>' + plural(rec.boards.length, 'board') +
        ': too many to draw here; the chart below has it per depth.</p></div>';
    }
    const { x, leaves, deepest } = run.layout;
    const dx = Math.max(4, Math.min(24, 900 / leaves));
    const width = leaves * dx + 20;
    const dy = Math.max(28, (width * 0.5) / (deepest + 1));
    const height = (deepest + 1) * dy + 10;
    const made = run.made[p];
    const now = p === 0 ? -1 : rec.steps[p - 1].board;
    const px = (id) => (x[id] * dx + 10).toFixed(1);
    const py = (id) => (rec.boards[id].depth * dy + 12).toFixed(1);
    const r = Math.max(2, Math.min(6, dx / 2.5));
    const edges = [];
    const nodes = [];
    for (let id = 0; id < rec.boards.length; id++) {
      const board = rec.boards[id];
      // Breadth-first numbers are the order; depth-first boards are made with their parent's
      // expansion, so a board is drawn once its parent was expanded.
      const shown = id === 0 || (board.parent !== null && visitedBy(rec, board.parent, p));
      if (!shown || (rec.order === 'breadth-first' && id >= made)) continue;
      if (board.parent !== null) {
        edges.push('M' + px(board.parent) + ' ' + py(board.parent) + 'L' + px(id) + ' ' + py(id));
      }
      const visited = visitedBy(rec, id, p);
      let cls = 'node';
      if (visited) cls += ' visited' + (board.fate === 'dead' ? ' dead' : board.fate === 'solved' ? ' solved' : '');
      if (id === now) cls += ' now';
      const title = (board.visit !== null && visited ? 'board ' + (board.visit + 1) + ': ' : '') +
        (board.guess || 'start') + (visited ? ', ' + board.fate : ', waiting');
      nodes.push('<circle class="' + cls + '" cx="' + px(id) + '" cy="' + py(id) + '" r="' + r +
        '"><title>' + esc(title) + '</title></circle>');
      if (visited && board.fate === 'dead') {
        const cx = x[id] * dx + 10;
        const cy = board.depth * dy + 12;
        nodes.push('<path class="cross" d="M' + (cx - r) + ' ' + (cy - r) + 'L' + (cx + r) + ' ' + (cy + r) +
          'M' + (cx + r) + ' ' + (cy - r) + 'L' + (cx - r) + ' ' + (cy + r) + '"/>');
      }
    }
    return '<div class="tree"><h3>The tree, in the order of the search (' + plural(made, 'board') +
      ' made; ring: now, cross: dead, filled: solution)</h3><svg viewBox="0 0 ' + width + ' ' + height +
      '" role="img" aria-label="search tree"><path class="edge" d="' + edges.join('') + '"/>' +
      nodes.join('') + '</svg></div>';
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
    return Number(value).toLocaleString('en-US');
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
      first.rec.status + ' (' + plural(first.rec.solutions.length, 'solution') + '). ' +
      (first.byBoard ? 'Each step expands one board.' : 'Each step is one depth.')
    : 'No search recorded.';
  if (!runs.every((run) => run.byBoard)) {
    document.getElementById('jump-board').hidden = true;
  }
  state.position = Math.max(0, Math.min(maxPosition, fromHash()));
  render();

  // For the tests and the benchmarks: the state, read only, and the redraw times.
  window.explorePlayer = { state, timings, maxPosition };
})();
