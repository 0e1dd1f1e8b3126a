/* global window, document, fetch -- a browser script, served as is */
/*
 * Stand-in for Satispay's web button (web-button.js), served by the reference server at
 * /simulatori/satispay-web-button.js. The portal loads it instead of Satispay's script only when the
 * school's key_id is the simulator's. Same call as the real button:
 *
 *   SatispayWebButton.configure({ paymentId, token: key_id, onCompleted }).open()
 *
 * The window plays the payer's phone: "Approva" or "Rifiuta" answers the simulator's outcome call
 * (POST /api/v3/pagamenti-simulati/satispay/{id}/esito); "Chiudi" leaves the payment pending, as a
 * payer who never answers. The portal learns the result by polling its own server.
 */
(function () {
  'use strict';
  var LABELS = {
    it: { title: 'Satispay (simulato)', text: 'Il pagamento ti aspetta nell\'app Satispay.', approve: 'Approva nell\'app', refuse: 'Rifiuta nell\'app', close: 'Chiudi' },
    en: { title: 'Satispay (simulated)', text: 'The payment is waiting for you in the Satispay app.', approve: 'Approve in the app', refuse: 'Refuse in the app', close: 'Close' },
  };
  function labels() {
    return LABELS[(document.documentElement.lang || 'it').slice(0, 2)] || LABELS.it;
  }

  function configure(options) {
    if (!options || typeof options.paymentId !== 'string' || typeof options.token !== 'string') {
      throw new Error('Stand-in Satispay: paymentId and token are required');
    }
    var frame = null;
    function close(completed) {
      if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
      frame = null;
      if (completed && typeof options.onCompleted === 'function') options.onCompleted();
    }
    return {
      open: function () {
        if (frame) return;
        var l = labels();
        var previous = document.activeElement;
        frame = document.createElement('iframe');
        frame.title = l.title;
        frame.setAttribute('data-stand-in', 'satispay');
        var fs = frame.style;
        fs.position = 'fixed';
        fs.inset = '0';
        fs.width = '100%';
        fs.height = '100%';
        fs.border = '0';
        fs.zIndex = '2147483647';
        fs.background = 'rgba(0, 0, 0, 0.55)';
        document.body.appendChild(frame);
        var doc = frame.contentDocument;
        doc.open();
        doc.write('<!doctype html><html lang="' + (document.documentElement.lang || 'it') + '"><head><title></title></head><body></body></html>');
        doc.close();
        doc.title = l.title;
        doc.body.style.margin = '0';
        doc.body.style.font = '16px system-ui, sans-serif';
        var main = doc.createElement('main');
        var box = doc.createElement('div');
        box.setAttribute('role', 'dialog');
        box.setAttribute('aria-modal', 'true');
        box.setAttribute('aria-labelledby', 'titolo');
        var bs = box.style;
        bs.maxWidth = '22rem';
        bs.margin = '10vh auto';
        bs.padding = '1.5rem';
        bs.background = '#fff';
        bs.color = '#1a1a1a';
        bs.borderRadius = '8px';
        var h = doc.createElement('h1');
        h.id = 'titolo';
        h.textContent = l.title;
        h.style.fontSize = '1.25rem';
        var p = doc.createElement('p');
        p.textContent = l.text;
        box.appendChild(h);
        box.appendChild(p);
        function finish() {
          close(true);
          if (previous && previous.focus) previous.focus();
        }
        function button(label, onClick, primary) {
          var b = doc.createElement('button');
          b.type = 'button';
          b.textContent = label;
          var st = b.style;
          st.font = 'inherit';
          st.padding = '0.6rem 1rem';
          st.margin = '0 0.5rem 0.5rem 0';
          st.borderRadius = '6px';
          st.border = '1px solid #b3261e';
          st.background = primary ? '#b3261e' : '#fff';
          st.color = primary ? '#fff' : '#b3261e';
          b.addEventListener('click', onClick);
          box.appendChild(b);
          return b;
        }
        function decide(esito) {
          return function () {
            fetch('/api/v3/pagamenti-simulati/satispay/' + encodeURIComponent(options.paymentId) + '/esito', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ esito: esito }),
              credentials: 'omit',
            }).then(finish, finish);
          };
        }
        var first = button(l.approve, decide('approva'), true);
        button(l.refuse, decide('annulla'), false);
        button(l.close, function () {
          close(false);
          if (previous && previous.focus) previous.focus();
        }, false);
        doc.addEventListener('keydown', function (e) {
          if (e.key === 'Escape') {
            close(false);
            if (previous && previous.focus) previous.focus();
          }
        });
        main.appendChild(box);
        doc.body.appendChild(main);
        first.focus();
      },
      close: function () {
        close(false);
      },
    };
  }

  window.SatispayWebButton = { configure: configure, standIn: true };
})();
