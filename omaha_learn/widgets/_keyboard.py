"""One Tab stop into each widget: the buttons of a widget are one composite with a roving tabindex.

Issue 29 (3): a keyboard user had to Tab through every button, fold and link of every widget on the way to the
next one (29 Tabs from the top of lesson 17 to the practice table). Now the buttons, folds (``<summary>``), links
and check boxes of a widget take **one** Tab stop between them (WAI-ARIA's roving tabindex):

* **Tab enters** the widget at its primary control: the one last focused if it is still shown, else the one
  marked ``ol-primary`` (the practice table marks Check, or Call, or Next hand), else the first;
* the **arrow keys** (Left/Up back, Right/Down on, wrapping; Home and End) move the focus among them;
* **Tab leaves** the group, to the next input box or out of the widget.

The same hook says which of a row of toggle buttons (ipywidgets' ``ToggleButtons``: Exact or Monte Carlo,
Interactive or Printable) is chosen: ``aria-pressed``, which ipywidgets leaves out (it marks the chosen one by
colour alone, a class ``mod-active``).

**Skip links.** A link to ``#ol-<widget>`` (the widget's class, lower case: ``#ol-playtable``), for instance a
lesson's Markdown line ``[Skip to the practice table](#ol-playtable)``, moves the keyboard focus to that
widget's Tab stop when followed (Enter or a click), once the widget is drawn. JupyterLab alone would only
scroll (its router takes the fragment; the focus stays on the link), so the hook catches the click first.

Input boxes, drop-downs and the boxes that scroll by themselves (``.ol-scroll``) keep their own Tab stops: they
use the arrow keys themselves (the caret, the value, the scroll). Focus moved by the widget itself (``.focus()``
after an action) makes that control the group's stop.

ipywidgets has no hook for scripts, so (as the practice table's live region does) the stylesheet child every
:class:`~omaha_learn.widgets._base.LessonApp` carries holds an image that fails to load on purpose; its
``onerror`` installs the key handler on the widget's root element (``.ol-app``) once per view, and a
``MutationObserver`` keeps exactly one control of the group tabbable as controls appear and disappear. A
sanitizer (a saved notebook's picture) drops the hook; the controls then keep the browser's ordinary Tab order.

>>> "onerror=" in KEYBOARD_HOOK and '"' not in KEYBOARD_HOOK.split('onerror="', 1)[1].rstrip('">')
True
"""

from __future__ import annotations

__all__ = ["KEYBOARD_HOOK", "GROUP_SELECTOR", "PRIMARY_CLASS"]

GROUP_SELECTOR = "button, summary, a[href], input[type=checkbox]"
"""The controls that share a widget's one Tab stop (none of them uses the arrow keys itself)."""
PRIMARY_CLASS = "ol-primary"
"""The class of the control that Tab enters a widget at when no control of it was focused before."""

_SCRIPT = (
    "(function go(img,n){"
    "var root=img.closest('.ol-app');"
    "if(!root){if(n<50)setTimeout(function(){go(img,n+1);},100);return;}"
    "if(root.olKeys)return;root.olKeys=1;"
    "var items=function(){return Array.prototype.filter.call(root.querySelectorAll('" + GROUP_SELECTOR + "'),"
    "function(e){return e.closest('.ol-app')===root&&!e.disabled&&e.getClientRects().length>0"
    "&&!e.closest('[aria-hidden=true]');});};"
    "var sync=function(){"
    "root.querySelectorAll('.widget-toggle-button').forEach(function(b){"
    "var p=b.classList.contains('mod-active')?'true':'false';if(b.getAttribute('aria-pressed')!==p)"
    "b.setAttribute('aria-pressed',p);});"
    "var it=items();if(!it.length)return it;"
    "var cur=it.indexOf(root.olCurrent)>=0?root.olCurrent:null;"
    "if(!cur){for(var i=0;i<it.length;i++){if(it[i].classList.contains('" + PRIMARY_CLASS + "')){cur=it[i];break;}}}"
    "if(!cur)cur=it[0];"
    "it.forEach(function(e){var t=e===cur?0:-1;if(e.tabIndex!==t)e.tabIndex=t;});return it;};"
    "root.olSync=sync;"
    "root.addEventListener('focusin',function(ev){if(items().indexOf(ev.target)>=0){root.olCurrent=ev.target;sync();}});"
    "root.addEventListener('keydown',function(ev){"
    "if(ev.altKey||ev.ctrlKey||ev.metaKey||ev.shiftKey)return;"
    "var it=sync(),i=it.indexOf(ev.target);if(i<0)return;"
    "var k=ev.key,j;"
    "if(k==='ArrowRight'||k==='ArrowDown')j=(i+1)%it.length;"
    "else if(k==='ArrowLeft'||k==='ArrowUp')j=(i-1+it.length)%it.length;"
    "else if(k==='Home')j=0;else if(k==='End')j=it.length-1;else return;"
    "ev.preventDefault();ev.stopPropagation();root.olCurrent=it[j];sync();it[j].focus();});"
    "var queued=false;"
    "new MutationObserver(function(){if(queued)return;queued=true;"
    "requestAnimationFrame(function(){queued=false;sync();});})"
    ".observe(root,{subtree:true,childList:true,attributes:true,attributeFilter:['style','class','hidden','disabled']});"
    "sync();"
    # skip links: a click on a link to #ol-<widget>, or Enter on it (caught before JupyterLab's own Enter, which
    # would open the Markdown cell for editing), focuses that widget's Tab stop
    "if(!window.olSkipLinks){window.olSkipLinks=1;"
    "var skip=function(ev){"
    "var a=ev.target&&ev.target.closest?ev.target.closest('a[href^=\\'#ol-\\']'):null;if(!a)return;"
    "var cls=a.getAttribute('href').slice(1);if(!/^ol-[a-z]+$/.test(cls))return;"
    "var t=document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .ol-app.'+cls)"
    "||document.querySelector('.ol-app.'+cls);if(!t)return;"
    "ev.preventDefault();ev.stopPropagation();"
    "var it=t.olSync?t.olSync():[],go=null;"
    "for(var i=0;i<it.length;i++){if(it[i].tabIndex===0){go=it[i];break;}}"
    "if(!go){t.tabIndex=-1;go=t;}"
    "go.scrollIntoView({block:'center'});go.focus();};"
    "window.addEventListener('click',skip,true);"
    "window.addEventListener('keydown',function(ev){if(ev.key==='Enter'&&!ev.altKey&&!ev.ctrlKey&&!ev.metaKey"
    "&&!ev.shiftKey)skip(ev);},true);}"
    "})(this,0)"
)

KEYBOARD_HOOK = f'<img src="data:," alt="" hidden style="display:none" class="ol-keyboard-hook" onerror="{_SCRIPT}">'
"""The hook, appended to the stylesheet every widget carries (see the module notes)."""
