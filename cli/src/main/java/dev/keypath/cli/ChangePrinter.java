package dev.keypath.cli;

import dev.keypath.streams.ItemChange;
import java.io.PrintWriter;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the lines of {@code keypath changes}: per change its kind, key path, type and a JSON object with the
 * sequence number, the time, whether TTL removed the item and the images, on standard output; per unreadable
 * record an {@code error: } line on standard error. Not thread-safe.
 */
final class ChangePrinter {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String NONE = "-";

    private final PrintWriter out;
    private final PrintWriter err;
    private boolean failed;

    ChangePrinter(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    void print(ItemChange change) {
        if (!change.isReadable()) {
            failed = true;
            out.flush();
            err.println(InputLoop.ERROR_PREFIX + change.sequenceNumber().orElse(NONE) + ": "
                    + change.problem().orElseThrow().getMessage());
            err.flush();
            return;
        }
        ObjectNode details = NODES.objectNode();
        details.put("sequenceNumber", change.sequenceNumber().orElse(null));
        details.put("approximateCreationTime", change.approximateCreationTime().map(Object::toString).orElse(null));
        if (change.isExpiry()) {
            details.put("expired", true);
        }
        change.oldAttributes().ifPresent(image -> details.set("old", image(image)));
        change.newAttributes().ifPresent(image -> details.set("new", image(image)));
        out.println(change.kind().orElseThrow() + "\t" + change.keyPath().orElseThrow() + "\t"
                + change.typeName().orElse(NONE) + "\t" + MAPPER.writeValueAsString(details));
    }

    boolean failed() {
        return failed;
    }

    void flush() {
        out.flush();
    }

    /** The attributes other than pk, sk and _type (already on the line), in DynamoDB's typed JSON. */
    private static ObjectNode image(Map<String, AttributeValue> item) {
        ObjectNode node = NODES.objectNode();
        item.forEach((name, value) -> {
            if (!name.equals(ScanPrinter.PK) && !name.equals(ScanPrinter.SK) && !name.equals(ScanPrinter.TYPE)) {
                node.set(name, ScanPrinter.typed(value));
            }
        });
        return node;
    }
}
