package io.rankwire.examples.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Charts drawn with XChart and saved as PNG or SVG, chosen by the file name's extension. */
final class Plots
{
    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;

    private Plots()
    {
    }

    /** One line of a chart. */
    static final class Line
    {
        final String name;
        final List<Double> x = new ArrayList<>();
        final List<Double> y = new ArrayList<>();

        Line(final String name)
        {
            this.name = name;
        }

        Line add(final double xValue, final double yValue)
        {
            if (xValue > 0 && yValue > 0)   // log axes cannot show zero
            {
                x.add(xValue);
                y.add(yValue);
            }
            return this;
        }
    }

    /** A chart of {@code lines} against message size, both axes logarithmic. */
    static void bySize(final String file, final String title, final String yTitle, final List<Line> lines)
    {
        final XYChart chart = chart(title, "message size (bytes)", yTitle);
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        // Label 2, 3, 5, 20, ... too, unless the values span so many decades that labels would collide.
        chart.getStyler().setYAxisLogarithmicDecadeOnly(decades(lines) > 2.5);
        chart.getStyler().setXAxisDecimalPattern("#,###").setYAxisDecimalPattern("#,##0.####");
        addAll(chart, lines);
        save(chart, file);
    }

    /**
     * The latency distribution of {@code histograms} (nanoseconds), one line each, as in
     * HdrHistogram's plots: x is {@code 1/(1-percentile)} on a log axis, so 10 is p90, 100 p99.
     */
    static void percentiles(final String file, final String title, final List<String> names, final List<Histogram> histograms)
    {
        final XYChart chart = chart(title, "percentile, as 1/(1-p): 10 = p90, 100 = p99, 1000 = p99.9", "latency (us)");
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        chart.getStyler().setXAxisDecimalPattern("#,###").setYAxisDecimalPattern("#,##0.####");
        final List<Line> lines = new ArrayList<>();
        for (int i = 0; i < histograms.size(); i++)
        {
            final Line line = new Line(names.get(i));
            for (final HistogramIterationValue v : histograms.get(i).percentiles(5))
            {
                final double p = v.getPercentileLevelIteratedTo() / 100.0;
                if (p < 1.0)
                {
                    line.add(1.0 / (1.0 - p), v.getValueIteratedTo() / 1000.0);
                }
            }
            lines.add(line);
        }
        chart.getStyler().setYAxisLogarithmicDecadeOnly(decades(lines) > 2.5);
        addAll(chart, lines);
        save(chart, file);
    }

    /** How many powers of ten the y values of {@code lines} span. */
    private static double decades(final List<Line> lines)
    {
        double min = Double.MAX_VALUE;
        double max = Double.MIN_VALUE;
        for (final Line l : lines)
        {
            for (final double y : l.y)
            {
                min = Math.min(min, y);
                max = Math.max(max, y);
            }
        }
        return max > min ? Math.log10(max / min) : 0;
    }

    /** {@code base.png} with {@code suffix} before the extension: {@code base-suffix.png}. */
    static String sibling(final String file, final String suffix)
    {
        final int dot = file.lastIndexOf('.');
        return dot < 0 ? file + suffix : file.substring(0, dot) + suffix + file.substring(dot);
    }

    private static XYChart chart(final String title, final String xTitle, final String yTitle)
    {
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
            .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setMarkerSize(6);
        return chart;
    }

    private static void addAll(final XYChart chart, final List<Line> lines)
    {
        for (final Line l : lines)
        {
            if (!l.x.isEmpty())
            {
                final XYSeries s = chart.addSeries(l.name, l.x, l.y);
                s.setMarker(SeriesMarkers.CIRCLE);
            }
        }
    }

    private static void save(final XYChart chart, final String file)
    {
        final String lower = file.toLowerCase(Locale.ROOT);
        System.setProperty("java.awt.headless", "true");   // charts are drawn off screen
        try
        {
            if (lower.endsWith(".svg"))
            {
                VectorGraphicsEncoder.saveVectorGraphic(chart, file, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            }
            else if (lower.endsWith(".png"))
            {
                BitmapEncoder.saveBitmap(chart, file, BitmapEncoder.BitmapFormat.PNG);
            }
            else
            {
                throw new IllegalArgumentException("plot file : '" + file + "' (expected: a name ending in .png or .svg)");
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
