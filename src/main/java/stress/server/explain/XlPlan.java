package stress.server.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Postgres-XL coordinator's EXPLAIN says: the datanodes of {@code Remote Fast Query Execution}
 * ({@code Node/s: dn1, dn2}) and of {@code Remote Subquery Scan on all|any (dn1,dn2)}, and whether the
 * remote query still carries a bound parameter ({@code $1}), which XL never uses to choose datanodes.
 * Pure: reads text only.
 *
 * @param fastQueryShipping true when the coordinator ships the whole statement ({@code Remote Fast Query Execution})
 * @param datanodes         every datanode named, in order, without repeats
 * @param anyOne            true when every remote scan says {@code on any}: one of the nodes listed is used
 * @param allDatanodes      true when the plan says {@code All datanodes} instead of naming them
 * @param shippedParameter  the first {@code $n} parameter a remote query carries, or null
 */
public record XlPlan(boolean fastQueryShipping, List<String> datanodes, boolean anyOne, boolean allDatanodes,
                     String shippedParameter) {
  private static final Pattern NODES = Pattern.compile("^\\s*Node/s: (.+?)\\s*$");
  private static final Pattern SUBQUERY = Pattern.compile("Remote Subquery Scan on (all|any) \\(([^)]*)\\)");
  private static final Pattern REMOTE_QUERY = Pattern.compile("^\\s*Remote query: .*?(\\$\\d+)");

  public XlPlan {
    datanodes = List.copyOf(datanodes);
  }

  /** Reads the plan, one line per row of the EXPLAIN result. */
  public static XlPlan parse(List<String> plan) {
    boolean fqs = false;
    boolean all = false;
    String parameter = null;
    int scansOnAll = 0;
    int scansOnAny = 0;
    List<String> nodes = new ArrayList<>();
    for (String line : plan) {
      if (line.contains("Remote Fast Query Execution")) {
        fqs = true;
      }
      Matcher m = NODES.matcher(line);
      if (m.find()) {
        if (m.group(1).equalsIgnoreCase("All datanodes")) {
          all = true;
        } else {
          addNames(nodes, m.group(1));
        }
        scansOnAll++;
      }
      m = SUBQUERY.matcher(line);
      if (m.find()) {
        if (m.group(1).equals("any")) {
          scansOnAny++;
        } else {
          scansOnAll++;
        }
        addNames(nodes, m.group(2));
      }
      m = REMOTE_QUERY.matcher(line);
      if (parameter == null && m.find()) {
        parameter = m.group(1);
      }
    }
    return new XlPlan(fqs, nodes, scansOnAny > 0 && scansOnAll == 0, all, parameter);
  }

  private static void addNames(List<String> nodes, String list) {
    for (String name : list.split(",")) {
      String n = name.strip();
      if (!n.isEmpty() && !nodes.contains(n)) {
        nodes.add(n);
      }
    }
  }

  /**
   * The verdict, given how many datanodes the cluster has.
   *
   * @param totalDatanodes datanodes in {@code pgxc_node}, or null when unknown
   */
  public Verdict verdict(Integer totalDatanodes) {
    if (datanodes.isEmpty() && !allDatanodes) {
      return Verdict.unknown("no Remote Fast Query Execution or Remote Subquery Scan names datanodes in the plan");
    }
    String how = fastQueryShipping ? "Remote Fast Query Execution" : "Remote Subquery Scan";
    if (shippedParameter != null) {
      how += ", remote query carries " + shippedParameter;
    }
    if (allDatanodes) {
      return Verdict.counted(totalDatanodes, totalDatanodes, "datanode", List.of(), how + ", All datanodes");
    }
    if (anyOne) {
      return Verdict.counted(1, totalDatanodes, "datanode", List.of(), how + " on any one of " + String.join(", ", datanodes));
    }
    return Verdict.counted(datanodes.size(), totalDatanodes, "datanode", datanodes, how);
  }
}
