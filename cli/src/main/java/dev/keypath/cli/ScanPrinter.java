package dev.keypath.cli;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.io.PrintWriter;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the lines of {@code keypath scan}: per item its key path and type as text, or one JSON object built
 * with Jackson, on standard output; per bad item an {@code error: } line on standard error. Not thread-safe.
 */
final class ScanPrinter {
    static final String PK = "pk";
    static final String SK = "sk";
    static final String TYPE = "_type";
    private static final String NO_TYPE = "-";
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;
    private boolean failed;

    ScanPrinter(PrintWriter out, PrintWriter err, boolean json) {
        this.out = out;
        this.err = err;
        this.json = json;
    }

    static AttributeValue binary(byte[] bytes) {
        return AttributeValue.builder().b(SdkBytes.fromByteArray(bytes)).build();
    }

    /**
     * The key path stored in the item's binary {@code pk} and {@code sk}.
     *
     * @throws StoredKeyException naming the attribute and the problem (a missing or non-binary key, or bytes that
     *     do not decode, with the offset)
     */
    static KeyPath keyPath(Map<String, AttributeValue> item) {
        return StoredItemLayout.keyPathOf(item);
    }

    void item(KeyPath path, Map<String, AttributeValue> item) {
        AttributeValue type = item.get(TYPE);
        String typeName = type == null || type.s() == null ? null : type.s();
        if (!json) {
            out.println(path + "\t" + (typeName == null ? NO_TYPE : typeName));
            return;
        }
        ObjectNode line = NODES.objectNode();
        line.put("keyPath", path.toString());
        line.put("type", typeName);
        line.put("pk", KeyBytes.hex(path.partitionKey()));
        line.put("sk", KeyBytes.hex(path.sortKey()));
        ObjectNode attributes = line.putObject("attributes");
        item.forEach((name, value) -> {
            if (!name.equals(PK) && !name.equals(SK) && !name.equals(TYPE)) {
                attributes.set(name, typed(value));
            }
        });
        out.println(MAPPER.writeValueAsString(line));
    }

    void error(Map<String, AttributeValue> item, String problem) {
        failed = true;
        out.flush();
        err.println(InputLoop.ERROR_PREFIX + "pk=" + raw(item.get(PK)) + " sk=" + raw(item.get(SK)) + ": " + problem);
        err.flush();
    }

    boolean failed() {
        return failed;
    }

    /** A key attribute as hex when binary, else its type and value as the SDK prints them. */
    private static String raw(AttributeValue v) {
        if (v == null) {
            return "(none)";
        }
        return v.b() != null ? KeyBytes.hex(v.b().asByteArrayUnsafe()) : v.toString();
    }

    /** DynamoDB's typed JSON form of a value, as the AWS CLI prints it: {"S": "x"}, {"N": "1"}, {"B": base64}... */
    static ObjectNode typed(AttributeValue v) {
        ObjectNode node = NODES.objectNode();
        switch (v.type()) {
            case S -> node.put("S", v.s());
            case N -> node.put("N", v.n());
            case B -> node.put("B", KeyBytes.base64(v.b().asByteArrayUnsafe()));
            case BOOL -> node.put("BOOL", v.bool());
            case NUL -> node.put("NULL", true);
            case SS -> v.ss().forEach(node.putArray("SS")::add);
            case NS -> v.ns().forEach(node.putArray("NS")::add);
            case BS -> {
                ArrayNode bs = node.putArray("BS");
                v.bs().forEach(b -> bs.add(KeyBytes.base64(b.asByteArrayUnsafe())));
            }
            case L -> {
                ArrayNode l = node.putArray("L");
                v.l().forEach(e -> l.add(typed(e)));
            }
            case M -> {
                ObjectNode m = node.putObject("M");
                v.m().forEach((k, e) -> m.set(k, typed(e)));
            }
            default -> node.put("UNKNOWN", v.toString());
        }
        return node;
    }
}
