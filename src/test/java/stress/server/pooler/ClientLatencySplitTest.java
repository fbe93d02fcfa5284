package stress.server.pooler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The client's mean latency through a pooler split into waiting there, inside the server and the rest. */
class ClientLatencySplitTest {
  private static final Pattern SPLIT = Pattern.compile("client's mean latency ([0-9.]+) ms: waiting at the pooler"
      + " ([0-9.]+) ms \\(([0-9.]+)%\\), inside the server ([0-9.]+) ms \\(([0-9.]+)%\\), the rest ([0-9.]+) ms"
      + " \\(([0-9.]+)%\\)");

  @Test
  void theThreePartsOfTheClientsMean() {
    ClientLatencySplit split = new ClientLatencySplit(3.120, 1.114, 1.820);
    assertEquals("client's mean latency 3.120 ms: waiting at the pooler 1.114 ms (35.7%), inside the server 1.820 ms"
        + " (58.3%), the rest 0.186 ms (6.0%)", split.text());
    Map<String, String> report = report(split);
    assertEquals("3.120", report.get("pooler client mean latency ms"));
    assertEquals("0.3571", report.get("pooler wait share of client mean latency"));
    assertEquals("1.820", report.get("pooler server time avg ms"));
    assertEquals("0.5833", report.get("pooler server share of client mean latency"));
    assertEquals("0.186", report.get("pooler rest avg ms"));
    assertEquals("0.0596", report.get("pooler rest share of client mean latency"));
  }

  @ParameterizedTest
  @CsvSource({"3.120, 1.114, 1.820", "79.922, 52.870, 0.0004", "0.2, 0.0199996, 0.1000004", "1.0, 0.3335, 0.3335",
      "0.3, 0.1, 0.2", "12.3456789, 0, 12.3456789"})
  void thePrintedPartsAddUpToThePrintedMean(double mean, double wait, double server) {
    String text = new ClientLatencySplit(mean, wait, server).text();
    Matcher m = SPLIT.matcher(text);
    assertTrue(m.matches(), text);
    double parts = Double.parseDouble(m.group(2)) + Double.parseDouble(m.group(4)) + Double.parseDouble(m.group(6));
    // each part rounded to the µs on its own: at most 1.5 µs off the mean, the shares at most 0.15% off 100%
    assertEquals(Double.parseDouble(m.group(1)), parts, 0.0015, text);
    double shares = Double.parseDouble(m.group(3)) + Double.parseDouble(m.group(5)) + Double.parseDouble(m.group(7));
    assertEquals(100, shares, 0.15, text);
  }

  @Test
  void partsThatAddUpExactlyLeaveARestOfZeroNotAnUnknownOne() {
    // 0.3 - 0.1 - 0.2 is -2.8e-17 in doubles
    assertTrue(new ClientLatencySplit(0.3, 0.1, 0.2).text().endsWith(", the rest 0.000 ms (0.0%)"));
  }

  @Test
  void theServersPartNotReadIsSaidSoNotZero() {
    ClientLatencySplit split = new ClientLatencySplit(3.120, 1.114, null);
    assertEquals("client's mean latency 3.120 ms: waiting at the pooler 1.114 ms (35.7%), inside the server not read"
        + " (no total_query_time in SHOW STATS), the rest not told apart from it", split.text());
    Map<String, String> report = report(split);
    assertEquals("0.3571", report.get("pooler wait share of client mean latency"));
    assertFalse(report.containsKey("pooler server time avg ms"), "never a 0 not read: " + report);
    assertFalse(report.containsKey("pooler rest avg ms"), report.toString());
  }

  @Test
  void partsAddingUpToMoreThanTheMeanLeaveTheRestUnknownNeverNegative() {
    ClientLatencySplit split = new ClientLatencySplit(2.000, 1.500, 0.800);
    assertEquals("client's mean latency 2.000 ms: waiting at the pooler 1.500 ms (75.0%), inside the server 0.800 ms"
        + " (40.0%), the rest not known: the two add up to 2.300 ms, more than the client's mean (the pooler's means"
        + " include the warm-up and the set-up's transactions)", split.text());
    assertEquals(null, split.restMillis());
    Map<String, String> report = report(split);
    assertFalse(report.containsKey("pooler rest avg ms"), report.toString());
    assertFalse(report.containsKey("pooler rest share of client mean latency"), report.toString());
    assertEquals("0.800", report.get("pooler server time avg ms"));
  }

  private static Map<String, String> report(ClientLatencySplit split) {
    Map<String, String> report = new LinkedHashMap<>();
    split.putInto(report);
    return report;
  }
}
