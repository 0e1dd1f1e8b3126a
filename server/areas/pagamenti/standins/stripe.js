/* global window, document, fetch, setTimeout -- a browser script, served as is */
/*
 * Stand-in for Stripe.js, served by the reference server at /simulatori/stripe.js.
 *
 * The portal loads it only when the school's publishable key is the simulator's, by setting
 * window.Stripe before @stripe/stripe-js looks for it; the portal's code is then the same as with
 * Stripe. It implements the part of the API the portal uses: Stripe(pk), elements(),
 * create('cardNumber' | 'cardExpiry' | 'cardCvc'), mount, on('change'), unmount/destroy/focus,
 * confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name } } }) with the
 * 3-D Secure challenge, handleNextAction({ clientSecret }) (the challenge of an intent that still
 * requires the customer's action, e.g. after a reload), and retrievePaymentIntent. It talks to the simulated processor
 * (/api/v3/pagamenti-simulati/payment_intents/...), never to the portal's API.
 *
 * As with Stripe, the card inputs live in iframes: the portal's code, state and logs never see
 * the card number. The iframes are same-origin about:blank documents without scripts, so they
 * pass a Content-Security-Policy that allows only 'self'.
 */
(function () {
  'use strict';
  var API = '/api/v3/pagamenti-simulati/payment_intents/';
  var LABELS = {
    it: {
      cardNumber: 'Numero della carta', cardExpiry: 'Scadenza (MM / AA)', cardCvc: 'Codice di sicurezza (CVC)',
      challengeTitle: 'Autenticazione 3-D Secure', challengeText: 'La banca chiede di confermare il pagamento di',
      approve: 'Approva', refuse: 'Rifiuta', network: 'Connessione al circuito di pagamento non riuscita: riprova',
      incomplete: 'Completa i dati della carta', invalidExpiry: 'La data di scadenza non è valida',
    },
    en: {
      cardNumber: 'Card number', cardExpiry: 'Expiry (MM / YY)', cardCvc: 'Security code (CVC)',
      challengeTitle: '3-D Secure authentication', challengeText: 'Your bank asks you to confirm the payment of',
      approve: 'Approve', refuse: 'Refuse', network: 'Could not reach the payment network: try again',
      incomplete: 'Complete the card details', invalidExpiry: 'The expiry date is not valid',
    },
  };
  var PLACEHOLDERS = { cardNumber: '1234 1234 1234 1234', cardExpiry: 'MM / AA', cardCvc: 'CVC' };

  function text(locale) {
    return LABELS[locale] || LABELS[(document.documentElement.lang || 'it').slice(0, 2)] || LABELS.it;
  }
  function digits(value) {
    return value.replace(/\D/g, '');
  }
  function parseExpiry(value) {
    var m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
    if (!m) return null;
    var month = Number(m[1]);
    var year = Number(m[2].length === 2 ? '20' + m[2] : m[2]);
    return month >= 1 && month <= 12 ? { month: month, year: year } : null;
  }
  function state(type, raw) {
    var value = raw.trim();
    if (value === '') return { empty: true, complete: false, error: undefined };
    if (type === 'cardNumber') {
      var d = digits(value);
      return { empty: false, complete: d.length >= 13 && d.length <= 19 && /^[\d ]+$/.test(value), error: undefined, brand: d[0] === '4' ? 'visa' : d[0] === '5' ? 'mastercard' : 'unknown' };
    }
    if (type === 'cardExpiry') {
      var e = parseExpiry(value);
      var looksDone = digits(value).length >= 4;
      return { empty: false, complete: !!e, error: looksDone && !e ? { type: 'validation_error', code: 'invalid_expiry', message: text().invalidExpiry } : undefined };
    }
    return { empty: false, complete: /^\d{3,4}$/.test(value), error: undefined };
  }

  function Element(group, type, options) {
    this._group = group;
    this._type = type;
    this._options = options || {};
    this._handlers = { change: [], ready: [], focus: [], blur: [] };
    this._frame = null;
    this._input = null;
  }
  Element.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('Stand-in Stripe: the mount target does not exist');
    // ES5 on purpose (no build step for this file): the listeners below need the element.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    var self = this;
    var labels = text(this._group._locale);
    var frame = document.createElement('iframe');
    frame.title = labels[this._type];
    frame.setAttribute('data-stand-in', 'stripe-' + this._type);
    frame.style.border = '0';
    frame.style.width = '100%';
    frame.style.height = '2.75rem';
    frame.style.display = 'block';
    host.appendChild(frame);
    var doc = frame.contentDocument;
    doc.open();
    doc.write('<!doctype html><html lang="' + (document.documentElement.lang || 'it') + '"><head><title></title></head><body></body></html>');
    doc.close();
    doc.title = labels[this._type];
    doc.body.style.margin = '0';
    var input = doc.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = this._type === 'cardNumber' ? 'cc-number' : this._type === 'cardExpiry' ? 'cc-exp' : 'cc-csc';
    input.setAttribute('aria-label', labels[this._type]);
    input.placeholder = PLACEHOLDERS[this._type];
    var s = input.style;
    s.boxSizing = 'border-box';
    s.width = '100%';
    s.height = '2.75rem';
    s.padding = '0 0.75rem';
    s.font = '16px system-ui, sans-serif';
    s.color = '#1a1a1a';
    s.border = '1px solid #6b6b6b';
    s.borderRadius = '6px';
    s.background = '#fff';
    doc.body.appendChild(input);
    input.addEventListener('input', function () {
      var st = state(self._type, input.value);
      s.borderColor = st.error ? '#b3261e' : '#6b6b6b';
      input.setAttribute('aria-invalid', st.error ? 'true' : 'false');
      self._emit('change', { elementType: self._type, empty: st.empty, complete: st.complete, error: st.error, brand: st.brand, value: undefined });
    });
    input.addEventListener('focus', function () {
      s.outline = '3px solid #1b5fcc';
      self._emit('focus', { elementType: self._type });
    });
    input.addEventListener('blur', function () {
      s.outline = 'none';
      self._emit('blur', { elementType: self._type });
    });
    this._frame = frame;
    this._input = input;
    setTimeout(function () {
      self._emit('ready', { elementType: self._type });
    }, 0);
  };
  Element.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Element.prototype.off = function (event, handler) {
    this._handlers[event] = (this._handlers[event] || []).filter(function (h) {
      return h !== handler;
    });
    return this;
  };
  Element.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).forEach(function (h) {
      h(payload);
    });
  };
  Element.prototype.focus = function () {
    if (this._input) this._input.focus();
  };
  Element.prototype.clear = function () {
    if (this._input) this._input.value = '';
  };
  Element.prototype.unmount = function () {
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
    this._input = null;
  };
  Element.prototype.destroy = function () {
    this.unmount();
    delete this._group._elements[this._type];
  };
  Element.prototype._value = function () {
    return this._input ? this._input.value : '';
  };

  function Elements(locale) {
    this._locale = locale;
    this._elements = {};
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'cardNumber' && type !== 'cardExpiry' && type !== 'cardCvc') {
      throw new Error('Stand-in Stripe: element "' + type + '" is not simulated');
    }
    if (this._elements[type]) throw new Error('Stand-in Stripe: only one ' + type + ' element per elements group');
    var element = new Element(this, type, options);
    this._elements[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    return this._elements[type] || null;
  };

  function intentId(clientSecret) {
    return String(clientSecret).split('_secret_')[0];
  }
  function call(method, path, body) {
    return fetch(API + path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'omit',
    }).then(
      function (res) {
        return res.json().then(
          function (json) {
            return { status: res.status, json: json };
          },
          function () {
            return { status: res.status, json: null };
          },
        );
      },
      function () {
        return { status: 0, json: null };
      },
    );
  }
  function publicIntent(pi) {
    return {
      id: pi.id, object: 'payment_intent', client_secret: pi.client_secret, status: pi.status, amount: pi.amount,
      currency: pi.currency, last_payment_error: pi.last_payment_error, next_action: pi.next_action,
    };
  }
  /** Stripe's result shape: { paymentIntent } when nothing went wrong, { error } otherwise. */
  function result(answer, locale) {
    if (answer.status === 0) return { error: { type: 'api_connection_error', message: text(locale).network } };
    var body = answer.json || {};
    if (answer.status >= 400 || !body.payment_intent) {
      return { error: { type: 'invalid_request_error', code: body.error || 'unknown', message: body.detail || text(locale).network } };
    }
    var pi = publicIntent(body.payment_intent);
    if (body.error && pi.status !== 'succeeded') {
      var last = pi.last_payment_error || {};
      return { error: { type: 'card_error', code: last.code, message: body.error, payment_intent: pi } };
    }
    return { paymentIntent: pi };
  }

  /** The bank's challenge, drawn in its own iframe over the page as Stripe's is. */
  function challenge(pi, locale) {
    var labels = text(locale);
    return new Promise(function (resolve) {
      var previous = document.activeElement;
      var frame = document.createElement('iframe');
      frame.title = labels.challengeTitle;
      frame.setAttribute('data-stand-in', 'stripe-3ds');
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
      doc.title = labels.challengeTitle;
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
      h.textContent = labels.challengeTitle;
      h.style.fontSize = '1.25rem';
      var p = doc.createElement('p');
      p.textContent = labels.challengeText + ' ' + (pi.amount / 100).toFixed(2).replace('.', ',') + ' €.';
      box.appendChild(h);
      box.appendChild(p);
      function button(label, esito, primary) {
        var b = doc.createElement('button');
        b.type = 'button';
        b.textContent = label;
        var st = b.style;
        st.font = 'inherit';
        st.padding = '0.6rem 1.1rem';
        st.marginRight = '0.75rem';
        st.borderRadius = '6px';
        st.border = '1px solid #1b5fcc';
        st.background = primary ? '#1b5fcc' : '#fff';
        st.color = primary ? '#fff' : '#1b5fcc';
        b.addEventListener('click', function () {
          done(esito);
        });
        box.appendChild(b);
        return b;
      }
      var approve = button(labels.approve, 'approva', true);
      button(labels.refuse, 'rifiuta', false);
      main.appendChild(box);
      doc.body.appendChild(main);
      doc.addEventListener('keydown', function (e) {
        if (e.key === 'Escape') done('rifiuta');
      });
      var finished = false;
      function done(esito) {
        if (finished) return;
        finished = true;
        call('POST', encodeURIComponent(pi.id) + '/3ds', { client_secret: pi.client_secret, esito: esito }).then(function (answer) {
          if (frame.parentNode) frame.parentNode.removeChild(frame);
          if (previous && previous.focus) previous.focus();
          resolve(answer);
        });
      }
      approve.focus();
    });
  }

  function StripeStandIn(publishableKey, options) {
    if (!(this instanceof StripeStandIn)) return new StripeStandIn(publishableKey, options);
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Stand-in Stripe: a publishable key is required');
    }
    this._locale = (options && options.locale) || undefined;
  }
  StripeStandIn.prototype.elements = function (options) {
    return new Elements((options && options.locale) || this._locale);
  };
  StripeStandIn.prototype.retrievePaymentIntent = function (clientSecret) {
    var locale = this._locale;
    return call('GET', encodeURIComponent(intentId(clientSecret)) + '?client_secret=' + encodeURIComponent(clientSecret)).then(function (a) {
      var r = result(a, locale);
      // Stripe answers the intent as it is, with its last error inside: retrieving is not failing.
      return r.error && r.error.payment_intent ? { paymentIntent: r.error.payment_intent } : r;
    });
  };
  StripeStandIn.prototype.confirmCardPayment = function (clientSecret, data) {
    var locale = this._locale;
    var method = (data && data.payment_method) || {};
    var card = method.card;
    if (!card || !(card instanceof Element) || card._type !== 'cardNumber') {
      return Promise.resolve({ error: { type: 'invalid_request_error', code: 'missing_card', message: text(locale).incomplete } });
    }
    var group = card._group;
    var expiryEl = group.getElement('cardExpiry');
    var cvcEl = group.getElement('cardCvc');
    var expiry = expiryEl ? parseExpiry(expiryEl._value()) : null;
    var number = card._value();
    var cvc = cvcEl ? cvcEl._value().trim() : '';
    if (!expiry || digits(number) === '' || cvc === '') {
      return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete', message: text(locale).incomplete } });
    }
    var name = (method.billing_details && method.billing_details.name) || '';
    return call('POST', encodeURIComponent(intentId(clientSecret)) + '/confirm', {
      client_secret: clientSecret,
      cardholder_name: name,
      card: { number: number.trim(), exp_month: expiry.month, exp_year: expiry.year, cvc: cvc },
    }).then(function (answer) {
      var body = answer.json || {};
      if (answer.status === 200 && body.payment_intent && body.payment_intent.status === 'requires_action') {
        return challenge(body.payment_intent, locale).then(function (a) {
          return result(a, locale);
        });
      }
      return result(answer, locale);
    });
  };
  /**
   * As Stripe's: shows the challenge of an intent whose status is requires_action and resolves
   * { paymentIntent } or { error } as the confirmation does; any other intent is answered as it is.
   */
  StripeStandIn.prototype.handleNextAction = function (options) {
    var locale = this._locale;
    var clientSecret = options && options.clientSecret;
    if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
      return Promise.resolve({ error: { type: 'invalid_request_error', code: 'missing_client_secret', message: text(locale).network } });
    }
    return call('GET', encodeURIComponent(intentId(clientSecret)) + '?client_secret=' + encodeURIComponent(clientSecret)).then(function (answer) {
      var body = answer.json || {};
      if (answer.status === 200 && body.payment_intent && body.payment_intent.status === 'requires_action') {
        return challenge(body.payment_intent, locale).then(function (a) {
          return result(a, locale);
        });
      }
      return result(answer, locale);
    });
  };
  // @stripe/stripe-js compares this with the release it expects and warns on a mismatch.
  StripeStandIn.version = 'endive';
  StripeStandIn.standIn = true;
  window.Stripe = StripeStandIn;
})();
