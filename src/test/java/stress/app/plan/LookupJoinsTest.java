package stress.app.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.table.KeyType;
import stress.table.Layout;
import stress.workload.LookupStages;

/** Why a {@code $lookup} is not co-located, from the two tables' layouts. */
class LookupJoinsTest {
  private static final Layout BY_CUSTOMER = Layout.key("customer.id", KeyType.BIGINT).inGroup(4);
  private static final LookupStages.Stage BY_KEY = new LookupStages.Stage("customers", "customer.id", "customer.id",
      "shop_customers");

  private static DocumentTable orders(Layout layout) {
    return new DocumentTable(null, "shop_orders", IdType.BIGINT, layout);
  }

  @Test
  void eachSideNotDistributedByItsFieldIsNamed() {
    assertEquals("shop_orders is distributed by _id, not by localField customer.id; shop_customers is distributed by"
        + " _id, not by foreignField customer.id", LookupJoins.why(BY_KEY, orders(Layout.ID), Layout.ID));
    assertEquals("shop_customers is distributed by cid (bigint), not by foreignField customer.id",
        LookupJoins.why(BY_KEY, orders(BY_CUSTOMER), Layout.key("cid", KeyType.BIGINT).inGroup(4)));
  }

  @Test
  void keysInTwoGroupsOrAPipelineFormAreSaid() {
    assertEquals("the two tables are in different co-location groups (4, 7)",
        LookupJoins.why(BY_KEY, orders(BY_CUSTOMER), BY_CUSTOMER.inGroup(7)));
    assertEquals("a $lookup with a pipeline joins by its own conditions, not by localField and foreignField",
        LookupJoins.why(new LookupStages.Stage("customers", null, null, "shop_customers"), orders(BY_CUSTOMER),
            BY_CUSTOMER));
    assertEquals("both tables are distributed by the joined paths in one co-location group, but a stage before the"
        + " $lookup other than $match changes the documents (or sorts or cuts them without a $match that pins one"
        + " key), so its SQL compares their values, not the key columns, and Citus plans the foreign read apart",
        LookupJoins.why(BY_KEY, orders(BY_CUSTOMER), BY_CUSTOMER));
    assertEquals("shop_orders is distributed by _id, not by localField customer.id",
        LookupJoins.why(BY_KEY, orders(Layout.ID), Layout.REFERENCE), "a reference table joins wherever it is read");
  }
}
