// Any script error or console.error is written into the page (and counted on <body>), so a reader sees
// it and a headless browser's DOM dump shows it.
(function () {
  'use strict';
  var list = document.getElementById('page-errors');
  var count = 0;
  function note(text) {
    var item = document.createElement('li');
    item.textContent = String(text);
    list.appendChild(item);
    count += 1;
    document.body.dataset.errors = String(count);
  }
  window.reportError = note;
  window.onerror = function (message, source, line, column) {
    note('script error: ' + message + ' (line ' + line + ':' + column + ')');
  };
  window.addEventListener('unhandledrejection', function (event) {
    note('unhandled rejection: ' + event.reason);
  });
  var consoleError = console.error;
  console.error = function () {
    note('console.error: ' + Array.prototype.join.call(arguments, ' '));
    consoleError.apply(console, arguments);
  };
})();
