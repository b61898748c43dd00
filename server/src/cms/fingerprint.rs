//! The browser fingerprint collector served by `cms/coveryjs`: a small script that hashes stable
//! browser traits and leaves `window.kasaFingerprint = { visitorId, components }` behind.

/// The script's source. It never throws and touches nothing but its own global. Its work is two
/// short tasks after the one that runs it (the drawing, then the hashing), not one long one: the
/// app polls for its result.
pub const SCRIPT: &str = r#"(function () {
  try {
    var w = window, n = w.navigator || {}, s = w.screen || {};
    function draw() {
      try {
        var c = document.createElement('canvas');
        c.width = 240; c.height = 60;
        var x = c.getContext('2d');
        if (!x) return '';
        x.textBaseline = 'top';
        x.font = '16px Arial';
        x.fillStyle = '#f60';
        x.fillRect(100, 1, 62, 20);
        x.fillStyle = '#069';
        x.fillText('Kasa \u00e7\u011f\u0131\u015f \ud83c\udfb0', 2, 15);
        return c.toDataURL();
      } catch (e) { return 'unavailable'; }
    }
    // The 32-bit hashes of `str` with each of `seeds`, in one pass.
    function h32(str, seeds) {
      var h = seeds.map(function (seed) { return seed >>> 0; }), k = h.length, i, j;
      for (i = 0; i < str.length; i++) {
        var code = str.charCodeAt(i);
        for (j = 0; j < k; j++) h[j] = Math.imul(h[j] ^ code, 16777619) >>> 0;
      }
      return h.map(function (v) {
        v ^= v >>> 16; v = Math.imul(v, 2246822507) >>> 0;
        v ^= v >>> 13; v = Math.imul(v, 3266489909) >>> 0;
        v ^= v >>> 16;
        return ('00000000' + (v >>> 0).toString(16)).slice(-8);
      }).join('');
    }
    function finish(canvasHash) {
      try {
        // The time zone's name: Temporal's is the same and costs nothing, where a first
        // Intl.DateTimeFormat loads the zone and locale data (some 20 ms on a fast machine).
        var tz = '';
        try {
          tz = (typeof Temporal !== 'undefined' && Temporal.Now.timeZoneId())
            || Intl.DateTimeFormat().resolvedOptions().timeZone || '';
        } catch (e) { tz = ''; }
        var components = {
          userAgent: n.userAgent || '',
          language: n.language || '',
          languages: (n.languages || []).join(','),
          platform: n.platform || '',
          hardwareConcurrency: n.hardwareConcurrency || 0,
          deviceMemory: n.deviceMemory || 0,
          maxTouchPoints: n.maxTouchPoints || 0,
          screen: [s.width || 0, s.height || 0, s.colorDepth || 0].join('x'),
          pixelRatio: w.devicePixelRatio || 1,
          timezone: tz,
          timezoneOffset: new Date().getTimezoneOffset(),
          cookieEnabled: !!n.cookieEnabled,
          canvas: canvasHash
        };
        var keys = Object.keys(components).sort();
        var text = keys.map(function (k) { return k + '=' + components[k]; }).join('|');
        var visitorId = h32(text, [2166136261, 374761393, 3266489917, 668265263]);
        components.canvas = h32(canvasHash, [2166136261]);
        w.kasaFingerprint = { visitorId: visitorId, components: components };
      } catch (e) { /* the app computes the fingerprint itself */ }
    }
    w.setTimeout(function () {
      var canvasHash = draw();
      w.setTimeout(function () { finish(canvasHash); }, 0);
    }, 0);
  } catch (e) { /* the app computes the fingerprint itself */ }
})();"#;
