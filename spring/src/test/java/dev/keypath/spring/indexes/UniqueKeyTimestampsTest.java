package dev.keypath.spring.indexes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** A repository's save of a type with a unique key path returns and keeps the table's timestamps. */
@SpringBootTest(classes = IndexedApplication.class, properties = {
    "keypath.dynamodb.table-name=spring-indexes", "keypath.dynamodb.create-table-if-missing=true"})
class UniqueKeyTimestampsTest {
    @Autowired
    CustomerRepository customers;
    @Autowired
    KeyPathTable table;

    @Test
    void saveReturnsTheTimestampsAndSaveChangeSaveKeepsTheCreationTime() throws Exception {
        String email = "c-" + UUID.randomUUID() + "@example.com";
        Customer saved = customers.save(new Customer(UUID.randomUUID(), email, "ann", null, null, null));
        assertThat(saved.createdAt()).isNotNull();
        assertThat(saved.updatedAt()).isEqualTo(saved.createdAt());
        assertThat(customers.findByEmail(email)).contains(saved);

        Thread.sleep(5);
        Customer renamed = customers.save(saved.renamed("anna"));
        assertThat(renamed.createdAt()).isEqualTo(saved.createdAt());
        assertThat(renamed.updatedAt()).isAfter(saved.updatedAt());
        assertThat(renamed.version()).isEqualTo(2L);
        assertThat(table.get(Customer.class, KeyPath.of("customer", saved.customerId()))).contains(renamed);
    }
}
