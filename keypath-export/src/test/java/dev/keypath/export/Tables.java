package dev.keypath.export;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Fresh tables on the test engine, filled and read back raw. */
final class Tables {
    private Tables() {
    }

    /** A new, bootstrapped key-path table with no registered types, on {@code client}. */
    static KeyPathTable fresh(String hint, DynamoDbClient client) {
        KeyPathTable table = KeyPathTables.builder().client(client).tableName(TestDynamoDb.uniqueTableName(hint))
                .build();
        table.bootstrap();
        return table;
    }

    static KeyPathTable fresh(String hint) {
        return fresh(hint, TestDynamoDb.get().client());
    }

    /** A fresh table holding {@code items}. */
    static KeyPathTable filled(String hint, List<Map<String, AttributeValue>> items) {
        KeyPathTable table = fresh(hint);
        for (int from = 0; from < items.size(); from += 1000) {
            table.batchPutStored(items.subList(from, Math.min(items.size(), from + 1000)));
        }
        return table;
    }

    /**
     * The items keypath stores in every bootstrapped key-path table besides the application's: its layout record
     * (FORMAT.md, section 12), which an export carries and an import writes like any other item.
     */
    static final int LAYOUT_RECORD = 1;

    /** Every stored item but the table's layout record, read with a consistent scan. */
    static List<Map<String, AttributeValue>> scanOfItems(String tableName) {
        return scan(tableName).stream().filter(i -> i.get("_type") == null || !"_kp_layout".equals(i.get("_type").s())).toList();
    }

    /** Every stored item, read with a consistent scan. */
    static List<Map<String, AttributeValue>> scan(String tableName) {
        return new ArrayList<>(TestDynamoDb.get().client().scanPaginator(ScanRequest.builder().tableName(tableName)
                .consistentRead(true).build()).items().stream().toList());
    }
}
