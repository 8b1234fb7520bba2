package dev.keypath.dynamodb.internal.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemTooLargeException;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The item size check that counts characters only near the limit: {@link ItemSizes#upperBound} is never below the
 * size, and {@link KeyLimits#checkSize} refuses exactly the items whose size is above the limit, on generated items
 * of every attribute type with text of one to four UTF-8 bytes a character (surrogate pairs included).
 */
class ItemSizesTest {
    private static final String[] TEXT = {"a", "z", "é", "ß", "€", "語", "😀", "\uD834\uDD1E"};
    private static final KeyPath PATH = KeyPath.of("doc", 1);

    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 2_000));
    }

    @Test
    void theBoundIsNeverBelowTheSizeAndTheCheckRefusesExactlyTheItemsOverTheLimit() {
        qt().forAll(longs().all()).checkAssert(seed -> {
            Random random = new Random(seed);
            Map<String, AttributeValue> item = item(random);
            long size = ItemSizes.itemSize(item);
            assertThat(ItemSizes.upperBound(item)).as("bound of %s", item.keySet()).isGreaterThanOrEqualTo(size);
            if (size > TableAttributes.MAX_ITEM) {
                assertThatThrownBy(() -> KeyLimits.checkSize(PATH, item))
                        .isInstanceOf(ItemTooLargeException.class).hasMessageContaining(Long.toString(size));
            } else {
                KeyLimits.checkSize(PATH, item);
            }
        });
    }

    @Test
    void anItemOneByteOverTheLimitIsRefusedWhateverItsCharacters() {
        for (String c : TEXT) {
            int bytes = ItemSizes.utf8Length(c);
            String name = "body";
            int fill = (int) ((TableAttributes.MAX_ITEM - name.length()) / bytes);
            long rest = TableAttributes.MAX_ITEM - name.length() - (long) fill * bytes;
            Map<String, AttributeValue> exact = Map.of(name, AttributeValue.fromS(c.repeat(fill) + "x".repeat(
                    (int) rest)));
            assertThat(ItemSizes.itemSize(exact)).isEqualTo(TableAttributes.MAX_ITEM);
            KeyLimits.checkSize(PATH, exact);
            Map<String, AttributeValue> over = Map.of(name, AttributeValue.fromS(c.repeat(fill) + "x".repeat(
                    (int) rest + 1)));
            assertThatThrownBy(() -> KeyLimits.checkSize(PATH, over))
                    .isInstanceOf(ItemTooLargeException.class);
        }
    }

    /** An item of up to eight attributes, mostly small, sometimes near or above 400 KB. */
    private static Map<String, AttributeValue> item(Random random) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        int attributes = 1 + random.nextInt(8);
        boolean large = random.nextInt(8) == 0;
        for (int i = 0; i < attributes; i++) {
            item.put(text(random, 1 + random.nextInt(12)) + i, value(random, large ? 60_000 : 200, 2));
        }
        return item;
    }

    private static AttributeValue value(Random random, int scale, int depth) {
        switch (random.nextInt(depth > 0 ? 9 : 7)) {
            case 0:
                return AttributeValue.fromS(text(random, random.nextInt(scale)));
            case 1:
                return AttributeValue.fromN(Long.toString(random.nextLong()));
            case 2:
                return AttributeValue.fromB(SdkBytes.fromByteArray(new byte[random.nextInt(scale)]));
            case 3:
                return AttributeValue.fromBool(random.nextBoolean());
            case 4:
                return AttributeValue.fromNul(true);
            case 5: {
                List<String> strings = new ArrayList<>();
                for (int i = random.nextInt(4); i >= 0; i--) {
                    strings.add(text(random, random.nextInt(scale)) + i);
                }
                return AttributeValue.fromSs(strings);
            }
            case 6:
                return AttributeValue.fromNs(List.of("1", Integer.toString(random.nextInt())));
            case 7: {
                List<AttributeValue> list = new ArrayList<>();
                for (int i = random.nextInt(4); i >= 0; i--) {
                    list.add(value(random, scale, depth - 1));
                }
                return AttributeValue.fromL(list);
            }
            default: {
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                for (int i = random.nextInt(4); i >= 0; i--) {
                    map.put(text(random, 1 + random.nextInt(6)) + i, value(random, scale, depth - 1));
                }
                return AttributeValue.fromM(map);
            }
        }
    }

    private static String text(Random random, int characters) {
        StringBuilder sb = new StringBuilder(characters);
        String only = TEXT[random.nextInt(TEXT.length)];
        boolean mixed = random.nextBoolean();
        while (sb.length() < characters) {
            sb.append(mixed ? TEXT[random.nextInt(TEXT.length)] : only);
        }
        return sb.toString();
    }
}
