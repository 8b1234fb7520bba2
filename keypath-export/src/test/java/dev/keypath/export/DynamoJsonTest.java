package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One line of a DYNAMODB_JSON data file: every attribute value written and read back unchanged; bad lines named. */
class DynamoJsonTest {
    private static String line(Map<String, AttributeValue> item) {
        StringWriter out = new StringWriter();
        DynamoJson.writeLine(item, out);
        return out.toString();
    }

    @Test
    void generatedItemsOfEveryTypeReadBackEqual() {
        GeneratedItems generator = new GeneratedItems(20_240_601L);
        for (Map<String, AttributeValue> item : generator.items(10_000)) {
            String line = line(item);

            assertThat(line).doesNotContain("\n").startsWith("{\"Item\":{");
            assertThat(DynamoJson.readLine(line)).isEqualTo(item);
        }
    }

    @Test
    void readsTheDocumentedShape() {
        String line = "{\"Item\":{\"Id\":{\"N\":\"103\"},\"Title\":{\"S\":\"Book 103 Title\"},"
                + "\"Authors\":{\"SS\":[\"Author1\",\"Author2\"]},\"InPublication\":{\"BOOL\":false},"
                + "\"Cover\":{\"B\":\"AQID\"},\"Gone\":{\"NULL\":true},\"Sizes\":{\"NS\":[\"1\",\"2.5\"]},"
                + "\"Blobs\":{\"BS\":[\"AA==\"]},\"Parts\":{\"L\":[{\"S\":\"a\"},{\"M\":{\"x\":{\"N\":\"-1e5\"}}}]}}}";

        Map<String, AttributeValue> item = DynamoJson.readLine(line);

        assertThat(item.get("Id").n()).isEqualTo("103");
        assertThat(item.get("Authors").ss()).containsExactly("Author1", "Author2");
        assertThat(item.get("InPublication").bool()).isFalse();
        assertThat(item.get("Cover").b()).isEqualTo(SdkBytes.fromByteArray(new byte[] {1, 2, 3}));
        assertThat(item.get("Gone").nul()).isTrue();
        assertThat(item.get("Sizes").ns()).containsExactly("1", "2.5");
        assertThat(item.get("Parts").l().get(1).m().get("x").n()).isEqualTo("-1e5");
    }

    @Test
    void eachKindOfBadLineNamesWhereItIs() {
        Map<String, String> problems = Map.ofEntries(
                Map.entry("{\"Item\":{\"a\":{\"X\":\"1\"}}}", "Item.a: unknown type descriptor \"X\""),
                Map.entry("{\"Item\":{\"a\":{\"S\":\"1\",\"N\":\"1\"}}}", "Item.a: more than one type descriptor"),
                Map.entry("{\"Item\":{\"a\":{}}}", "Item.a: no type descriptor"),
                Map.entry("{\"Item\":{\"a\":{\"N\":\"12x\"}}}", "Item.a.N: \"12x\" is not a number"),
                Map.entry("{\"Item\":{\"a\":{\"N\":12}}}", "Item.a.N: expected a string, found a JSON number"),
                Map.entry("{\"Item\":{\"a\":{\"B\":\"***\"}}}", "Item.a.B: not base64"),
                Map.entry("{\"Item\":{\"a\":{\"SS\":[]}}}", "Item.a.SS: a set cannot be empty"),
                Map.entry("{\"Item\":{\"a\":{\"NULL\":false}}}", "Item.a.NULL: NULL must be true"),
                Map.entry("{\"Item\":{\"a\":{\"L\":[{\"M\":{\"b\":{\"BOOL\":\"yes\"}}}]}}}",
                        "Item.a.L[0].M.b.BOOL: expected true or false, found a string"),
                Map.entry("{\"Thing\":{}}", "expected exactly one field \"Item\""),
                Map.entry("{\"Item\":{}} x", "not JSON"),
                Map.entry("{\"Item\":{\"a\":{\"S\":\"x\"}}", "not JSON"),
                Map.entry("{}", "no \"Item\" field"));
        problems.forEach((line, problem) -> assertThatThrownBy(() -> DynamoJson.readLine(line))
                .as(line).isInstanceOf(DynamoJson.BadLineException.class).hasMessageContaining(problem));
    }

    @Test
    void writesBinaryAsStandardBase64AndNumbersAsText() {
        Map<String, AttributeValue> item = Map.of("b", AttributeValue.fromB(SdkBytes.fromByteArray(
                new byte[] {(byte) 0xfb, (byte) 0xff})), "n", AttributeValue.fromN("1.50E+3"),
                "l", AttributeValue.fromL(List.of()));

        assertThat(line(item)).contains("\"b\":{\"B\":\"+/8=\"}").contains("\"n\":{\"N\":\"1.50E+3\"}")
                .contains("\"l\":{\"L\":[]}");
    }
}
