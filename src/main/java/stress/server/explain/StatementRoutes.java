package stress.server.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One statement in every plan mode explained, and the flags: a mode that spreads the statement over several
 * nodes where another mode sends it to one, or that the server refuses where another mode works.
 *
 * @param modes the modes in the order explained
 * @param flags the modes that do worse than another, with advice
 */
public record StatementRoutes(List<ModeRoute> modes, List<Flag> flags) {
  public StatementRoutes {
    modes = List.copyOf(modes);
    flags = List.copyOf(flags);
  }

  /** The modes with their flags worked out by the target's rules. */
  public static StatementRoutes of(List<ModeRoute> modes, TargetRouting routing) {
    Optional<ModeRoute> single = modes.stream().filter(m -> m.verdict().route() == Route.ONE).findFirst();
    Optional<ModeRoute> working = modes.stream()
        .filter(m -> m.verdict().route() != Route.REFUSED && m.verdict().route() != Route.UNKNOWN).findFirst();
    List<Flag> flags = new ArrayList<>();
    for (ModeRoute m : modes) {
      Verdict v = m.verdict();
      if (v.route().spreads() && single.isPresent()) {
        flags.add(new Flag(m.mode(), (v.route() == Route.ALL ? "broadcast to " : "sent to ") + v.touched() + " of "
            + (v.total() == null ? "?" : v.total()) + " " + v.unit() + "s where " + single.get().mode().label()
            + " reaches one", routing.broadcastAdvice(m.mode())));
      } else if (v.route() == Route.REFUSED && working.isPresent()) {
        flags.add(new Flag(m.mode(), "refused (" + v.sqlState() + ") where " + working.get().mode().label() + " runs",
            routing.refusalAdvice(m.mode(), v.sqlState())));
      }
    }
    return new StatementRoutes(modes, flags);
  }

  /** The mode's result, if it was explained. */
  public Optional<ModeRoute> in(PlanMode mode) {
    return modes.stream().filter(m -> m.mode() == mode).findFirst();
  }
}
