// Draws every chart of the page from the inline JSON (id report-data), then checks that each canvas shows
// its series: <body data-charts-rendered="N" data-charts-expected="M">. Labels reach the canvas only as
// text, never as HTML.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];
  var colors = {};

  function color(key) {
    if (!Object.prototype.hasOwnProperty.call(colors, key)) {
      colors[key] = palette[Object.keys(colors).length % palette.length];
    }
    return colors[key];
  }

  function withAlpha(hex, alpha) {
    var n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + alpha + ')';
  }

  // an axis without a title shows none (not the word null)
  function axisTitle(text) {
    var titled = text !== null && text !== undefined && text !== '';
    return { display: titled, text: titled ? text : '' };
  }

  function lineDataset(series) {
    var c = seriesColor(series);
    return {
      label: series.label, data: series.points, borderColor: c, backgroundColor: c,
      borderDash: series.dashed ? [6, 4] : [], borderWidth: 2, pointRadius: 1.5, tension: 0
    };
  }

  // x = 1/(1-percentile): label the powers of ten as 0%, 90%, 99%, 99.9% ...
  function percentileTick(value) {
    var exponent = Math.log10(value);
    if (Math.abs(exponent - Math.round(exponent)) > 1e-9) {
      return '';
    }
    return Number((100 - 100 / value).toPrecision(12)) + '%';
  }

  function timeConfig(spec) {
    return {
      type: 'line',
      data: { datasets: spec.series.map(lineDataset) },
      options: {
        scales: {
          x: { type: 'linear', title: axisTitle(spec.xTitle) },
          y: { beginAtZero: true, title: axisTitle(spec.yTitle) }
        }
      }
    };
  }

  // Latency over time: a logarithmic y axis, so one slow maximum leaves p50..p99 readable. An interval without
  // a successful operation has no latency (0): left out rather than drawn at the floor.
  function timeLogConfig(spec) {
    var config = timeConfig(spec);
    config.data.datasets.forEach(function (dataset) {
      dataset.data = dataset.data.map(function (point) { return { x: point.x, y: point.y > 0 ? point.y : null }; });
    });
    config.options.scales.y = { type: 'logarithmic', title: axisTitle(spec.yTitle) };
    return config;
  }

  function percentileConfig(spec) {
    var config = timeConfig(spec);
    config.options.scales.x = {
      type: 'logarithmic', min: 1, title: axisTitle(spec.xTitle),
      ticks: { autoSkip: false, maxRotation: 0, callback: percentileTick }
    };
    config.options.plugins = {
      tooltip: { callbacks: { title: function (items) {
        return (100 - 100 / items[0].parsed.x).toPrecision(6) + ' percentile';
      } } }
    };
    return config;
  }

  // A series' value per category, null where it has none; a point with a low end is a floating bar [low, y].
  function categoryValues(spec, series) {
    var values = spec.categories.map(function () { return null; });
    series.points.forEach(function (point) {
      values[point.x] = point.low === undefined || point.low === null ? point.y : [point.low, point.y];
    });
    return values;
  }

  function barConfig(spec) {
    var labels = spec.categories.map(function (category) { return [category]; });
    var datasets = spec.series.map(function (series) {
      var c = color(series.colorKey);
      var values = categoryValues(spec, series);
      var marked = spec.categories.map(function (ignored, index) { return series.marked.indexOf(index) >= 0; });
      series.marked.forEach(function (index) {
        if (series.markText) {
          labels[index].push(series.markText);
        }
      });
      return {
        label: series.label, data: values, yAxisID: series.axis, borderColor: c,
        backgroundColor: withAlpha(c, series.dashed ? 0.3 : 0.7),
        borderWidth: marked.map(function (m) { return m ? 4 : 1; }),
        // a p99 of 1 ms beside one of 300 ms on the same axis would be a bar under a pixel high: keep it visible
        minBarLength: 4
      };
    });
    var scales = {
      x: { title: axisTitle(spec.xTitle) },
      y: { beginAtZero: true, position: 'left', title: axisTitle(spec.yTitle) }
    };
    if (spec.y2Title) { // a right-hand axis only for a chart that has one
      scales.y2 = { beginAtZero: true, position: 'right', title: axisTitle(spec.y2Title), grid: { drawOnChartArea: false } };
    }
    return {
      type: 'bar',
      data: { labels: labels, datasets: datasets },
      options: { scales: scales }
    };
  }

  // bars on one logarithmic axis: values a thousand times apart each stay readable
  function barLogConfig(spec) {
    var config = barConfig(spec);
    config.options.scales = {
      x: config.options.scales.x,
      y: { type: 'logarithmic', position: 'left', title: axisTitle(spec.yTitle) }
    };
    return config;
  }

  // Ratios with their intervals: each interval a floating bar from its low to its high end, the median a point, x1 a
  // dashed line; a point's low end comes as point.low.
  function intervalConfig(spec) {
    var labels = spec.categories.map(function (category) { return [category]; });
    var datasets = spec.series.map(function (series, index) {
      var c = color(series.colorKey);
      var values = categoryValues(spec, series);
      if (index === 0) {
        return { type: 'bar', label: series.label, data: values, borderColor: c, backgroundColor: withAlpha(c, 0.5),
          borderWidth: 1, minBarLength: 4, order: 2 };
      }
      return { type: 'line', label: series.label, data: values, borderColor: c, backgroundColor: c,
        showLine: series.dashed, borderDash: series.dashed ? [6, 4] : [], pointRadius: series.dashed ? 4 : 6,
        borderWidth: 2, order: 1 };
    });
    return {
      type: 'bar',
      data: { labels: labels, datasets: datasets },
      options: {
        scales: {
          x: { title: axisTitle(spec.xTitle) },
          y: { beginAtZero: false, title: axisTitle(spec.yTitle) }
        }
      }
    };
  }

  // The colour a series is drawn in: its own look's (a knee of one search), else its key's in the page's palette.
  function seriesColor(series) {
    return series.look ? series.look.color : color(series.colorKey);
  }

  // The 1-2-5 value at or below (at or above, up) a positive value. Left to itself Chart.js starts a logarithmic axis
  // at the lowest point but its first tick above it (0.2 for a p50 of 0.15 ms): that point then sits on the axis line,
  // under every tick. Bounded by these, each axis starts and ends on a labelled tick beyond every point.
  function niceBound(value, up) {
    var base = Math.pow(10, Math.floor(Math.log10(value)));
    var steps = up ? [1, 2, 5, 10] : [5, 2, 1];
    for (var i = 0; i < steps.length; i += 1) {
      var bound = Number((steps[i] * base).toPrecision(12));
      if (up ? bound >= value : bound <= value) {
        return bound;
      }
    }
    return Number(base.toPrecision(12));
  }

  function logAxis(spec, key, title) {
    var values = [];
    spec.series.forEach(function (series) {
      series.points.forEach(function (point) {
        if (point[key] > 0) {
          values.push(point[key]);
        }
      });
    });
    var axis = { type: 'logarithmic', title: axisTitle(title) };
    if (values.length > 0) {
      // a quarter of margin keeps the markers at the ends clear of the axis lines
      axis.min = niceBound(Math.min.apply(null, values) / 1.25, false);
      axis.max = niceBound(Math.max.apply(null, values) * 1.25, true);
    }
    return axis;
  }

  // The knee's own legend (rounds in colours, figures in dashes): an entry shows or hides every series it names.
  function kneeLegend(spec) {
    return {
      labels: {
        usePointStyle: true,
        generateLabels: function (chart) {
          return spec.legend.map(function (entry) {
            var shown = entry.series.length === 0 || entry.series.some(function (i) { return chart.isDatasetVisible(i); });
            return {
              text: entry.text, series: entry.series, hidden: !shown, lineWidth: 2, lineDash: entry.dash,
              strokeStyle: entry.color, fontColor: Chart.defaults.color,
              fillStyle: entry.symbol === 'hollow' ? '#ffffff' : entry.symbol === 'box' ? withAlpha(entry.color, 0.3) : entry.color,
              pointStyle: entry.symbol === 'line' ? 'line' : entry.symbol === 'box' ? 'rect' : 'circle'
            };
          });
        }
      },
      onClick: function (event, item, legend) {
        var chart = legend.chart;
        var shown = item.series.some(function (i) { return chart.isDatasetVisible(i); });
        item.series.forEach(function (i) { chart.setDatasetVisibility(i, !shown); });
        chart.update();
      }
    };
  }

  // Latency against the offered rate (a capacity search): a round's steps joined in order of rate, a broken step
  // hollow; an objective dashed across, the capacity a line up the chart, its interval a band filled down to the axis.
  // One search: each round its colour, each figure its dash (the series' look), and the chart's own legend.
  // Capacities compared: each combination its colour, each round its marker. Latency on a logarithmic axis; the rate
  // too for knee-log; both bounded by ticks around every point.
  function kneeConfig(spec) {
    var shapes = ['circle', 'triangle', 'rect', 'rectRot', 'star', 'crossRot'];
    var datasets = spec.series.map(function (series) {
      var c = seriesColor(series);
      var dataset = { label: series.label, data: series.points, borderColor: c, backgroundColor: c, borderWidth: 2,
        tension: 0, pointRadius: 0, order: 1, clip: 6 };
      if (series.style === 'objective') {
        dataset.borderDash = series.look ? series.look.dash : [8, 4];
      } else if (series.style === 'band') {
        dataset.fill = 'start';
        dataset.backgroundColor = withAlpha(c, series.look ? 0.2 : 0.3);
        dataset.order = 3;
      } else if (series.style !== 'capacity') { // a round's steps
        var round = parseInt(String(series.style).replace('round ', ''), 10) || 1;
        var broken = series.points.map(function (ignored, index) { return series.marked.indexOf(index) >= 0; });
        dataset.pointStyle = series.look ? 'circle' : shapes[(round - 1) % shapes.length];
        dataset.borderDash = series.look ? series.look.dash : [];
        dataset.pointRadius = broken.map(function (b) { return b ? 5 : 4; });
        dataset.pointBackgroundColor = broken.map(function (b) { return b ? '#ffffff' : c; });
        dataset.order = 0;
      }
      return dataset;
    });
    var options = {
      scales: {
        x: spec.kind === 'knee-log' ? logAxis(spec, 'x', spec.xTitle) : { type: 'linear', title: axisTitle(spec.xTitle) },
        y: logAxis(spec, 'y', spec.yTitle)
      }
    };
    if (spec.legend && spec.legend.length > 0) {
      options.plugins = { legend: kneeLegend(spec) };
    }
    return { type: 'line', data: { datasets: datasets }, options: options };
  }

  var builders = { knee: kneeConfig, 'knee-log': kneeConfig, intervals: intervalConfig, time: timeConfig, 'time-log': timeLogConfig, percentiles: percentileConfig, bars: barConfig,
    'bars-log': barLogConfig };
  // A printed page shows the folded settings too.
  window.addEventListener('beforeprint', function () {
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (details) { details.open = true; });
  });
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;

  var drawn = [];
  data.charts.forEach(function (spec) {
    try {
      var canvas = document.getElementById(spec.id);
      drawn.push({ spec: spec, chart: new Chart(canvas, builders[spec.kind](spec)) });
    } catch (e) {
      window.reportError('chart ' + spec.id + ' (' + spec.title + '): ' + e);
    }
  });

  // A chart counts as rendered when every series with points shows pixels of its colour on the canvas (a series
  // drawn exactly under another shows only in the legend) and the plot area shows pixels of at least one of them.
  // A bar's fill is translucent (alpha 0.7 or 0.3, which the canvas returns un-premultiplied) and its 1-pixel
  // border may fall between pixels, so any pixel with an alpha over 60 counts.
  function paintedColours(canvas, left, top, width, height, hexes) {
    var pixels = canvas.getContext('2d').getImageData(left, top, Math.max(1, width), Math.max(1, height)).data;
    var found = {};
    hexes.forEach(function (hex) {
      var n = parseInt(hex.slice(1), 16);
      var r = n >> 16, g = (n >> 8) & 255, b = n & 255, hits = 0;
      for (var i = 0; i < pixels.length && hits < 20; i += 4) {
        if (pixels[i + 3] > 60 && Math.abs(pixels[i] - r) + Math.abs(pixels[i + 1] - g) + Math.abs(pixels[i + 2] - b) < 40) {
          hits += 1;
        }
      }
      found[hex] = hits >= 20;
    });
    return found;
  }

  function plotArea(chart, hexes) {
    var ratio = chart.currentDevicePixelRatio || 1, area = chart.chartArea;
    var left = Math.max(0, Math.floor(area.left * ratio)), top = Math.max(0, Math.floor(area.top * ratio));
    return paintedColours(chart.canvas, left, top, Math.min(chart.canvas.width, Math.ceil(area.right * ratio)) - left,
      Math.min(chart.canvas.height, Math.ceil(area.bottom * ratio)) - top, hexes);
  }

  // Every point where Chart.js placed it, against the plot area (half a pixel of rounding allowed): a point outside
  // reads against no tick, so a knee with one fails the check, naming it.
  function pointsOutside(chart) {
    var area = chart.chartArea, outside = [];
    chart.data.datasets.forEach(function (dataset, index) {
      chart.getDatasetMeta(index).data.forEach(function (element, j) {
        if (!(element.x >= area.left - 0.5 && element.x <= area.right + 0.5 && element.y >= area.top - 0.5
            && element.y <= area.bottom + 0.5)) {
          outside.push(dataset.label + ' at ' + dataset.data[j].x + ' ops/s, ' + dataset.data[j].y + ' ms');
        }
      });
    });
    return outside;
  }

  // The legend's entries that lie wholly on the canvas (a legend too long for its chart cuts the last ones off).
  function legendShown(chart) {
    var legend = chart.legend;
    if (!legend || !legend.options.display || !legend.legendItems) {
      return [];
    }
    return legend.legendItems.filter(function (entry, i) {
      var box = legend.legendHitBoxes[i];
      return box && box.left >= 0 && box.top >= 0 && box.left + box.width <= chart.width
        && box.top + box.height <= chart.chartArea.top;
    }).map(function (entry) { return entry.text; });
  }

  var rendered = 0;
  drawn.forEach(function (item) {
    var canvas = item.chart.canvas;
    var withPoints = item.spec.series.filter(function (s) { return s.points.length > 0; });
    var hexes = withPoints.map(seriesColor);
    var found = paintedColours(canvas, 0, 0, canvas.width, canvas.height, hexes);
    var plotted = plotArea(item.chart, hexes);
    var missing = withPoints.filter(function (s) { return !found[seriesColor(s)]; });
    var nothingPlotted = withPoints.length > 0 && !withPoints.some(function (s) { return plotted[seriesColor(s)]; });
    var outside = item.spec.kind.indexOf('knee') === 0 ? pointsOutside(item.chart) : [];
    canvas.dataset.missingSeries = String(missing.length);
    canvas.dataset.plottedSeries = String(withPoints.filter(function (s) { return plotted[seriesColor(s)]; }).length);
    // the labels of the series seen inside the axes, for a reader's check (and a browser test's)
    canvas.dataset.plottedLabels = withPoints.filter(function (s) { return plotted[seriesColor(s)]; })
      .map(function (s) { return s.label; }).join(' | ');
    canvas.dataset.legend = legendShown(item.chart).join(' | ');
    if (item.spec.kind.indexOf('knee') === 0) { // the axes as drawn and any point outside them, for the same checks
      canvas.dataset.pointsOutside = String(outside.length);
      canvas.dataset.yTicks = item.chart.scales.y.ticks[0].value + ' ' + item.chart.scales.y.ticks.slice(-1)[0].value;
    }
    if (item.spec.categories) { // the bars' order as drawn, for a reader's check (and a browser test's)
      canvas.dataset.categories = item.chart.data.labels.map(function (label) { return label[0]; }).join(' | ');
    }
    if (missing.length > 0) {
      window.reportError('chart ' + item.spec.id + ' (' + item.spec.title + ') shows no pixels of '
        + missing.map(function (s) { return s.label; }).join(', '));
    } else if (nothingPlotted) {
      window.reportError('chart ' + item.spec.id + ' (' + item.spec.title + ') draws nothing inside its axes');
    } else if (outside.length > 0) {
      window.reportError('chart ' + item.spec.id + ' (' + item.spec.title + ') draws points outside its axes: '
        + outside.join('; '));
    } else {
      rendered += 1;
    }
  });
  document.body.dataset.chartsExpected = String(data.charts.length);
  document.body.dataset.chartsRendered = String(rendered);
})();
