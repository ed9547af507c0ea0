import Foundation

/// The HTML report's style and script, written into every report (it fetches nothing).
enum HTMLReportAssets {
    static let css = """
        body{margin:0;font:14px/1.4 system-ui,-apple-system,"DejaVu Sans",sans-serif;color:#1d1d1f;background:#f2f2f5}
        header{padding:10px 18px;background:#1e1e20;color:#fff}
        header h1{margin:0;font-size:18px}header p{margin:2px 0 0;color:#bbb}
        main{display:flex;gap:16px;padding:16px;align-items:flex-start}
        #picture{flex:none;position:sticky;top:12px}
        #frame{display:block;background:#fff;border:1px solid #ccc;max-width:48vw;height:auto;cursor:zoom-in}
        #frame.zoomed{max-width:none;cursor:zoom-out}
        #frameBox{max-width:60vw;max-height:85vh;overflow:auto}
        #zoombar{display:flex;gap:6px;align-items:center;margin-bottom:6px}#zoombar button{font:inherit;padding:1px 9px}
        #zoomLabel{min-width:4em;text-align:center;font-variant-numeric:tabular-nums}
        .rule{font-size:11px;color:#7a4fc8;border:1px solid #cdb8f0;border-radius:3px;padding:0 3px;margin-left:4px}
        #device,#summary,#touches{margin:12px 16px;padding:8px 14px;background:#fff;border:1px solid #ddd;border-radius:6px}
        #device h2,#summary h2,#touches h2{font-size:15px;margin:4px 0 8px}
        #device li,#summary li{margin:2px 0}#device li{margin-bottom:6px}.jump{cursor:pointer}.jump:hover{background:#eef3ff}.when{color:#666;font-variant-numeric:tabular-nums}
        .touch pre{font:12px/1.45 "DejaVu Sans Mono",monospace;white-space:pre-wrap;background:#f7f7fa;padding:6px 8px;margin:6px 0}
        .touch summary{padding:2px 0}.fixes{margin:6px 0 2px;font-weight:600}.none{color:#666}
        .touch code{background:#eef;padding:0 3px}
        #timeline{position:relative;height:26px;margin-top:8px;background:#d8d8de;border-radius:4px;cursor:pointer}
        #timeline .t{position:absolute;top:3px;bottom:3px;width:2px}
        #timeline .moment{background:#9a9aa3;top:18px;bottom:3px}
        #timeline .note{background:#d98c00}#timeline .marker{background:#bf1a99}
        #head{position:absolute;top:0;bottom:0;width:3px;background:#111;z-index:2}
        #controls{display:flex;align-items:center;gap:10px;margin-top:8px}
        #controls button{font:inherit;padding:3px 10px}
        #time{font-variant-numeric:tabular-nums;min-width:10em;text-align:center}
        .legend .k{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-size:12px}
        .k.note{background:#d98c00}.k.marker{background:#bf1a99}.k.moment{background:#9a9aa3}
        #trace{flex:1;min-width:0}
        #tools{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin-bottom:8px}
        #search{flex:1;min-width:16em;font:inherit;padding:4px 8px}
        #count{color:#666}
        .group{background:#fff;border:1px solid #ddd;border-radius:6px;margin-bottom:8px;overflow:hidden}
        .head{background:#ececf1;padding:4px 8px;font-weight:600;cursor:pointer}
        .head.marker{background:#f6dcef;color:#7a1061}
        .line{font:12px/1.5 "DejaVu Sans Mono",monospace;padding:0 8px;white-space:pre-wrap;cursor:pointer}
        .line:hover{background:#eef3ff}.line.current{background:#fff3c4}
        .hits{color:#0058d6}.recognizers{color:#147a2e}.controls{color:#8a3ab9}.notes{color:#b36b00}.other{color:#444}
        .hidden{display:none}.cut{color:#666}
        .pair{display:flex;gap:8px}.pair figure{margin:0}.pair figcaption{font:600 13px sans-serif;margin:2px 0}
        .pair img{max-width:29vw!important}h2.era{font:600 13px sans-serif;margin:8px 8px 2px}
        #frame2{display:block;background:#fff;border:1px solid #ccc;height:auto}.summary pre{white-space:pre-wrap}
        """

    static let script = """
        const img = document.getElementById('frame');
        const img2 = document.getElementById('frame2');
        const bar = document.getElementById('timeline');
        const head = document.getElementById('head');
        const timeLabel = document.getElementById('time');
        const lines = Array.from(document.querySelectorAll('.line'));
        const groups = Array.from(document.querySelectorAll('.group'));
        let current = 0;
        function seconds(t) { return (t / 1e6).toFixed(3) + ' s'; }
        function place(t) { return (100 * t / duration) + '%'; }
        for (const m of moments) { const d = document.createElement('div'); d.className = 't moment'; d.style.left = place(m.t); bar.appendChild(d); }
        for (const k of ticks) { const d = document.createElement('div'); d.className = 't ' + k.k; d.style.left = place(k.t); d.title = seconds(k.t) + ' ' + k.k + ': ' + k.s; bar.appendChild(d); }
        function show(index) {
          if (!moments.length) return;
          current = Math.max(0, Math.min(moments.length - 1, index));
          const m = moments[current];
          img.src = images[m.i];
          img.dataset.t = m.t;
          if (img2 && m.j !== undefined) { img2.src = images[m.j]; }
          head.style.left = place(m.t);
          timeLabel.textContent = seconds(m.t) + ' (' + (current + 1) + ' of ' + moments.length + ')';
          // In each trace shown (one an era), the last line at or before the moment.
          for (const list of document.querySelectorAll('.lines')) {
            let last = null;
            for (const line of list.querySelectorAll('.line')) { line.classList.remove('current'); if (Number(line.dataset.t) <= m.t) last = line; }
            if (last) { last.classList.add('current'); }
          }
        }
        function momentAt(t) {
          let best = 0;
          for (let i = 0; i < moments.length; i++) { if (moments[i].t <= t) best = i; }
          return best;
        }
        let zoom = 0;
        const zoomLabel = document.getElementById('zoomLabel');
        function setZoom(z) {
          zoom = Math.max(0, Math.min(4, z));
          img.classList.toggle('zoomed', zoom > 0);
          img.style.width = zoom > 0 ? (img.naturalWidth * zoom) + 'px' : '';
          zoomLabel.textContent = zoom > 0 ? (zoom * 100) + '%' : 'fit';
        }
        document.getElementById('zoomIn').onclick = () => setZoom(zoom === 0 ? 1 : zoom + 0.5);
        document.getElementById('zoomOut').onclick = () => setZoom(zoom <= 1 ? 0 : zoom - 0.5);
        document.getElementById('zoomFit').onclick = () => setZoom(0);
        img.onclick = () => setZoom(zoom === 0 ? 2 : 0);
        for (const j of document.querySelectorAll('.jump')) j.addEventListener('click', () => show(momentAt(Number(j.dataset.t))));
        document.getElementById('prev').onclick = () => show(current - 1);
        document.getElementById('next').onclick = () => show(current + 1);
        bar.onclick = (e) => { const r = bar.getBoundingClientRect(); show(momentAt(duration * (e.clientX - r.left) / r.width)); };
        for (const line of lines) line.onclick = () => { show(momentAt(Number(line.dataset.t))); line.classList.add('current'); };
        for (const h of document.querySelectorAll('.head')) h.onclick = () => show(momentAt(Number(h.dataset.t)));
        document.addEventListener('keydown', (e) => {
          if (e.target.tagName === 'INPUT') return;
          if (e.key === 'ArrowRight') { show(current + 1); e.preventDefault(); }
          if (e.key === 'ArrowLeft') { show(current - 1); e.preventDefault(); }
        });
        const search = document.getElementById('search');
        const boxes = Array.from(document.querySelectorAll('#tools input[type=checkbox]'));
        const count = document.getElementById('count');
        function filter() {
          const q = search.value.trim().toLowerCase();
          const kinds = new Set(boxes.filter(b => b.checked).map(b => b.dataset.kind));
          let visible = 0;
          for (const line of lines) {
            const kind = line.classList[1];
            const ok = kinds.has(kind) && (!q || line.textContent.toLowerCase().includes(q));
            line.classList.toggle('hidden', !ok);
            if (ok) visible++;
          }
          for (const g of groups) g.classList.toggle('hidden', !g.querySelector('.line:not(.hidden)'));
          count.textContent = visible + ' of ' + lines.length + ' lines';
        }
        search.addEventListener('input', filter);
        for (const b of boxes) b.addEventListener('change', filter);
        filter();
        show(0);
        """
}
