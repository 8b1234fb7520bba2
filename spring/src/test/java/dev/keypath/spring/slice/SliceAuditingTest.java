package dev.keypath.spring.slice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.spring.test.KeyPathDynamoTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The slice picks up the application's auditing: {@code @EnableKeyPathAuditing} on a configuration class of its own
 * (with its {@code AuditorAware}) shapes what is stored, so it belongs to keypath's layer.
 */
@KeyPathDynamoTest(properties = "keypath.dynamodb.table-name=receipts-slice")
class SliceAuditingTest {
    @Autowired
    ReceiptRepository receipts;

    @Test
    void savesAreAuditedInTheSlice() {
        Receipt saved = receipts.save(new Receipt(UUID.randomUUID(), "pen", null, null));
        assertThat(saved.created()).isNotNull();
        assertThat(saved.createdBy()).isEqualTo("slice-user");
    }
}
