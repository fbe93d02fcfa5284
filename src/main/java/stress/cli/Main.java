package stress.cli;

/** The command line: {@code java -jar stress.jar [connection] [command] [options]}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    Cli cli = new Cli(System.out, System.err);
    int code = cli.execute(args);
    if (!cli.interruptedBySignal()) {
      // during a Ctrl-C shutdown System.exit would block; the JVM is exiting anyway
      System.exit(code);
    }
  }
}
