package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Help is reachable as people look for it; {@code -h} stays the host. */
class HelpTest {
  @Test
  void helpCommandPrintsWhatHelpOptionPrints() {
    CliTester.Result word = CliTester.run("help", "init");
    CliTester.Result option = CliTester.run("init", "--help");
    assertEquals(0, word.exitCode(), word.all());
    assertTrue(word.out().startsWith("Usage: stress init "), word.out());
    assertEquals(option.out(), word.out());

    CliTester.Result root = CliTester.run("help");
    assertEquals(0, root.exitCode(), root.all());
    assertEquals(CliTester.run("--help").out(), root.out());
    assertTrue(root.out().contains("\n  help "), "listed among the commands: " + root.out());
  }

  @Test
  void workloadHelpNamesEveryLogFormatItReads() {
    CliTester.Result r = CliTester.run("workload", "--help");
    assertEquals(0, r.exitCode(), r.all());
    String text = r.out().replaceAll("\\s+", " ");
    for (String format : new String[] {"structured JSON logs of MongoDB 4.4 and later",
        "plain-text logs of 4.2 and earlier", "profiler documents", "tar archives"}) {
      assertTrue(text.contains(format), format + " in: " + text);
    }
  }

  @Test
  void anUnknownCommandIsNamedWithTheKnownOnes() {
    CliTester.Result r = CliTester.run("help", "nope");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().startsWith("stress: help: unknown command 'nope'; the commands are run, init, import,"), r.err());
    CliTester.Result typo = CliTester.run("help", "imprt");
    assertTrue(typo.err().startsWith("stress: help: unknown command 'imprt' (did you mean import?)"), typo.err());
  }

  @Test
  void helpExplainsItself() {
    CliTester.Result r = CliTester.run("help", "help");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().startsWith("Usage: stress help "), r.out());
    assertTrue(r.out().contains("COMMAND"), r.out());
  }

  @Test
  void optionsAreShownAsTypedWithASpaceAndStillAcceptAnEqualsSign() {
    String help = CliTester.run("help", "run").out();
    assertTrue(help.contains("-h, --host HOST"), help);
    assertTrue(help.contains("--threads N[,N...]  "), help);
    assertFalse(help.contains("-h=HOST") || help.contains("--threads="), help);
    CliTester.Result equals = CliTester.run("run", "--threads=0");
    assertTrue(equals.err().contains("--threads"), "still parsed as --threads: " + equals.err());
  }

  @Test
  void aBareHOptionSaysItIsTheHostAndWhereHelpIs() {
    for (String[] args : new String[][] {{"-h"}, {"init", "-h"}}) {
      CliTester.Result r = CliTester.run(args);
      assertEquals(2, r.exitCode(), r.all());
      assertEquals("stress: Missing required parameter for option '--host' (HOST); -h is the host, as in libpq: for"
          + " help use --help or 'stress help [COMMAND]'", r.err().lines().findFirst().orElseThrow());
    }
  }

  /** A Java habit: {@code -help} would be the host "elp" and the command would try to connect. */
  @Test
  void aLongOptionWithOneDashIsRefusedBeforeConnecting() {
    CliTester.Result help = CliTester.run("run", "-help");
    assertEquals(2, help.exitCode(), help.all());
    assertEquals("stress: -help has one dash: long options take two (--help); -h is the host, as in libpq: -help"
        + " would be the host 'elp'", help.err().lines().findFirst().orElseThrow());
    assertTrue(help.err().contains("Try 'stress --help'"), help.err());
    assertFalse(help.all().contains("connection:"), "nothing connected: " + help.all());
    CliTester.Result version = CliTester.run("-version");
    assertEquals(2, version.exitCode(), version.all());
    assertEquals("stress: -version has one dash: long options take two (--version)",
        version.err().lines().findFirst().orElseThrow());
    CliTester.Result threads = CliTester.run("run", "-threads", "4");
    assertEquals("stress: -threads has one dash: long options take two (--threads)",
        threads.err().lines().findFirst().orElseThrow());
    CliTester.Result attached = CliTester.run("run", "-hnosuchhost.invalid", "--threads", "0");
    assertFalse(attached.err().contains("one dash"), "a host attached to -h is libpq's way: " + attached.err());
  }

  @Test
  void helpRunSaysEventLoopsDoNotCombineWithSeveralHosts() {
    String help = CliTester.run("help", "run").out().replaceAll("\\s+", " ");
    assertTrue(help.contains("find_first and --pool none only, on one server: not with --hosts or --spread-hosts,"
        + " --rate, --transaction, --prepare-threshold or --query-mode."), help);
    assertTrue(help.contains("Instead of -h/-p/--url; -d and -U still apply; not with --event-loops."), help);
    assertTrue(help.contains("(targetServerType, loadBalanceHosts); not with --event-loops."), help);
  }

  @Test
  void timesSayABareNumberIsSeconds() {
    String help = CliTester.run("help", "run").out().replaceAll("\\s+", " ");
    assertTrue(help.contains("--duration TIME Measured time per phase: 60s, 500ms, 2m, 1m30s; a bare number is"
        + " seconds."), help);
    assertTrue(help.contains("--warmup TIME Unmeasured time before each phase, excluded from every total; a bare"
        + " number is seconds."), help);
  }
}
