package dev.keypath.dynamodb.internal.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.dynamodb.internal.expression.ConditionText.Atom;
import dev.keypath.dynamodb.internal.expression.ConditionText.Edit;
import dev.keypath.dynamodb.internal.expression.ConditionText.Kind;
import dev.keypath.dynamodb.internal.expression.ConditionText.Path;
import dev.keypath.dynamodb.internal.expression.ConditionText.Size;
import dev.keypath.dynamodb.internal.expression.ConditionText.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's condition grammar read into atoms and operands: every kind of atom with where it lies, keywords in any
 * case and function names in lower case only, paths with nested names and indexes, a table of malformed texts each
 * refused at its offset, edits applied in place; and, over generated expressions, every path and operator found.
 */
class ConditionTextTest {
    @Test
    void everyKindOfAtomIsReadWithItsOperandsAndWhereTheyLie() {
        String text = "#a = :v AND (size(b.#c[0]) > :n OR NOT begins_with(#d, :p)) and #e between :lo AnD :hi "
                + "Or #f IN (:x, :y) or attribute_exists(g)";
        ConditionText c = ConditionText.parse(text);
        List<Atom> atoms = c.atoms();
        assertThat(atoms).extracting(Atom::kind).containsExactly(Kind.COMPARISON, Kind.COMPARISON, Kind.FUNCTION,
                Kind.BETWEEN, Kind.IN, Kind.FUNCTION);
        assertThat(atoms).extracting(Atom::operator).containsExactly("=", ">", "begins_with", "BETWEEN", "IN",
                "attribute_exists");
        for (Atom a : atoms) {
            assertThat(text.substring(a.start(), a.end())).doesNotStartWith(" ").doesNotEndWith(" ");
        }
        assertThat(text.substring(atoms.get(1).start(), atoms.get(1).end())).isEqualTo("size(b.#c[0]) > :n");
        Size size = (Size) atoms.get(1).operands().get(0);
        Path nested = (Path) size.of();
        assertThat(nested.steps()).extracting(ConditionText.Step::text).containsExactly("b", "#c", "[0]");
        assertThat(nested.steps().get(2).index()).isZero();
        assertThat(text.substring(nested.start(), nested.end())).isEqualTo("b.#c[0]");
        assertThat(nested.top(Map.of())).isEqualTo("b");
        assertThat(((Path) atoms.get(0).operands().get(0)).top(Map.of("#a", "fullName"))).isEqualTo("fullName");
        assertThat(((Value) atoms.get(0).operands().get(1)).placeholder()).isEqualTo(":v");
        assertThat(c.paths()).extracting(p -> text.substring(p.start(), p.end()))
                .containsExactly("#a", "b.#c[0]", "#d", "#e", "#f", "g");
        // AND x2 (the third is BETWEEN's), OR x3, NOT, =, >, size, begins_with, BETWEEN, IN, attribute_exists
        assertThat(c.operators()).isEqualTo(13);
    }

    @Test
    void malformedTextsAreRefusedAtTheirOffset() {
        Map<String, String> refused = Map.ofEntries(
                Map.entry("", "expected an attribute, a :value or size(...) at offset 0 (the end)"),
                Map.entry("#a =", "at offset 4 (the end)"),
                Map.entry("#a = :v AND", "at offset 11 (the end)"),
                Map.entry("(#a = :v", "expected ')' at offset 8"),
                Map.entry("#a = :v)", "expected AND, OR or the end at offset 7"),
                Map.entry("#a BETWEEN :x", "expected AND of BETWEEN at offset 13"),
                Map.entry("#a IN ()", "at offset 7 (')')"),
                Map.entry("#a ! :v", "unexpected '!' at offset 3"),
                Map.entry("# = :v", "a placeholder at offset 0"),
                Map.entry("size(#a)", "expected a comparator, BETWEEN or IN at offset 8"),
                Map.entry("ATTRIBUTE_EXISTS(#a)", "expected a comparator, BETWEEN or IN at offset 16"),
                Map.entry("#a = AND", "at offset 5 ('AND')"));
        refused.forEach((text, message) -> assertThatThrownBy(() -> ConditionText.parse(text)).as(text)
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message));
    }

    @Test
    void editsReplaceTheirSpansAndLeaveTheRest() {
        ConditionText c = ConditionText.parse("#a = :v AND attribute_exists(#b)");
        Path a = (Path) c.atoms().get(0).operands().get(0);
        Atom exists = c.atoms().get(1);
        assertThat(c.edited(List.of(new Edit(exists.start(), exists.end(), "attribute_not_exists(#z)"),
                new Edit(a.start(), a.end(), "#kp_e0")))).isEqualTo("#kp_e0 = :v AND attribute_not_exists(#z)");
        assertThat(c.edited(List.of())).isEqualTo(c.text());
    }

    @Test
    void generatedExpressionsAreReadPathByPath() {
        qt().withExamples(2000).forAll(longs().all()).checkAssert(seed -> {
            Generator g = new Generator(new Random(seed));
            String text = g.condition(0);
            ConditionText c = ConditionText.parse(text);
            assertThat(c.paths()).extracting(p -> text.substring(p.start(), p.end())).as(text)
                    .containsExactlyElementsOf(g.paths);
            assertThat(c.operators()).as(text).isEqualTo(g.operators);
        });
    }

    /** Writes random expressions, recording their paths and operators. */
    private static final class Generator {
        private final Random r;
        private final List<String> paths = new ArrayList<>();
        private int operators;

        Generator(Random r) {
            this.r = r;
        }

        String condition(int depth) {
            int k = depth > 2 ? 3 : r.nextInt(5);
            String space = r.nextBoolean() ? " " : "  ";
            switch (k) {
                case 0 -> {
                    String left = condition(depth + 1);
                    operators++;
                    return left + space + (r.nextBoolean() ? "AND" : "and") + space + condition(depth + 1);
                }
                case 1 -> {
                    String left = condition(depth + 1);
                    operators++;
                    return "(" + left + " Or " + condition(depth + 1) + ")";
                }
                case 2 -> {
                    operators++;
                    return "NOT (" + condition(depth + 1) + ")";
                }
                default -> {
                    return atom();
                }
            }
        }

        private String atom() {
            operators++;
            return switch (r.nextInt(6)) {
                case 0 -> operand() + " " + List.of("=", "<>", "<", "<=", ">", ">=").get(r.nextInt(6)) + " "
                        + operand();
                case 1 -> operand() + " BETWEEN " + operand() + " AND " + operand();
                case 2 -> operand() + " in (" + operand() + ", " + operand() + ")";
                case 3 -> "attribute_exists(" + path() + ")";
                case 4 -> "contains(" + path() + ", " + operand() + ")";
                default -> "attribute_type(" + path() + ",:t)";
            };
        }

        private String operand() {
            return switch (r.nextInt(3)) {
                case 0 -> ":v" + r.nextInt(9);
                case 1 -> {
                    operators++;
                    yield "size(" + path() + ")";
                }
                default -> path();
            };
        }

        private String path() {
            StringBuilder b = new StringBuilder(r.nextBoolean() ? "#n" + r.nextInt(9) : "name" + r.nextInt(9));
            for (int i = r.nextInt(3); i > 0; i--) {
                b.append(r.nextBoolean() ? "." + (r.nextBoolean() ? "#m" : "sub") : "[" + r.nextInt(12) + "]");
            }
            paths.add(b.toString());
            return b.toString();
        }
    }
}
