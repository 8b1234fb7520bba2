package dev.keypath.dynamodb.internal;

import dev.keypath.dynamodb.ItemMappingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Converts Jackson trees to native DynamoDB attribute values (N, S, B, BOOL, L, M, NULL) and back. */
final class AttributeValues {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final AttributeValue NULL = AttributeValue.builder().nul(true).build();
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private AttributeValues() {
    }

    static AttributeValue binary(byte[] bytes) {
        return AttributeValue.builder().b(SdkBytes.fromByteArrayUnsafe(bytes)).build();
    }

    static AttributeValue string(String s) {
        return AttributeValue.builder().s(s).build();
    }

    static AttributeValue number(long n) {
        return AttributeValue.builder().n(Long.toString(n)).build();
    }

    /** Converts a Jackson node; {@code where} names the field for error messages. */
    static AttributeValue toAttribute(JsonNode node, String where) {
        if (node == null) {
            return NULL;
        }
        switch (node.getNodeType()) {
            case NULL:
            case MISSING:
                return NULL;
            case BOOLEAN:
                return AttributeValue.builder().bool(node.booleanValue()).build();
            case NUMBER:
                return AttributeValue.builder().n(numberText(node, where)).build();
            case STRING:
                return AttributeValue.builder().s(node.stringValue()).build();
            case BINARY:
                return binary(node.binaryValue());
            case ARRAY: {
                List<AttributeValue> list = new ArrayList<>(node.size());
                int i = 0;
                for (JsonNode element : node.values()) {
                    list.add(toAttribute(element, where + "[" + i++ + "]"));
                }
                return AttributeValue.builder().l(list).build();
            }
            case OBJECT: {
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    map.put(e.getKey(), toAttribute(e.getValue(), where + "." + e.getKey()));
                }
                return AttributeValue.builder().m(map).build();
            }
            default:
                throw new ItemMappingException("Cannot store " + where + ": Jackson produced a "
                        + node.getNodeType() + " node; only JSON-like values are supported");
        }
    }

    private static String numberText(JsonNode node, String where) {
        if (node.isIntegralNumber()) {
            return node.numberValue().toString();
        }
        if (node.isBigDecimal()) {
            BigDecimal d = node.decimalValue();
            return Math.abs(d.scale()) < 64 ? d.toPlainString() : d.toString();
        }
        double d = node.doubleValue();
        if (!Double.isFinite(d)) {
            throw new ItemMappingException("Cannot store " + where + ": DynamoDB numbers cannot be " + d);
        }
        return BigDecimal.valueOf(d).toString();
    }

    /** Converts a stored attribute value to a Jackson node. */
    static JsonNode toNode(AttributeValue av) {
        switch (av.type()) {
            case S:
                return NODES.stringNode(av.s());
            case N:
                return numberNode(av.n());
            case B:
                return NODES.binaryNode(av.b().asByteArrayUnsafe());
            case BOOL:
                return NODES.booleanNode(av.bool());
            case NUL:
                return NODES.nullNode();
            case L: {
                ArrayNode a = NODES.arrayNode(av.l().size());
                av.l().forEach(v -> a.add(toNode(v)));
                return a;
            }
            case M: {
                ObjectNode o = NODES.objectNode();
                av.m().forEach((k, v) -> o.set(k, toNode(v)));
                return o;
            }
            case SS: {
                ArrayNode a = NODES.arrayNode();
                av.ss().forEach(a::add);
                return a;
            }
            case NS: {
                ArrayNode a = NODES.arrayNode();
                av.ns().forEach(n -> a.add(numberNode(n)));
                return a;
            }
            case BS: {
                ArrayNode a = NODES.arrayNode();
                av.bs().forEach(b -> a.add(NODES.binaryNode(b.asByteArray())));
                return a;
            }
            default:
                throw new ItemMappingException("Unsupported attribute value type " + av.type());
        }
    }

    private static JsonNode numberNode(String text) {
        BigDecimal d = new BigDecimal(text);
        if (d.signum() == 0 || d.stripTrailingZeros().scale() <= 0) {
            if (d.compareTo(LONG_MIN) >= 0 && d.compareTo(LONG_MAX) <= 0) {
                long v = d.longValueExact();
                return v == (int) v ? NODES.numberNode((int) v) : NODES.numberNode(v);
            }
            BigInteger big = d.toBigIntegerExact();
            return NODES.numberNode(big);
        }
        return NODES.numberNode(d);
    }
}
