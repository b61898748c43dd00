import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceLines, type BalanceParts } from '@/components/ui/balance-lines';
import { Sheet } from '@/components/ui/sheet';
import { DEPOSIT, type MethodItem } from '../api/get-methods';
import { PaymentDialog } from './payment-dialog';
import { MethodList, useMethodTitle } from './payment-methods';
import './payments.css';

/**
 * The 'Deposit Money' bottom sheet (spec section 2): the player's balance (the total, what can be
 * withdrawn and the bonus money; `balance` is read by the app layer) over the deposit methods;
 * choosing one hands over to its dialog (the sheet gives way, so only one modal is open), whose
 * closing ends it all.
 */
export function DepositSheet({
  open,
  onClose,
  balance,
}: {
  open: boolean;
  onClose: () => void;
  balance: BalanceParts;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<MethodItem | null>(null);
  const titleOf = useMethodTitle(DEPOSIT);
  const close = useCallback(() => {
    setMethod(null);
    onClose();
  }, [onClose]);
  return (
    <>
      <Sheet
        open={open && !method}
        onClose={close}
        side="bottom"
        title={t('payments.depositMoney')}
        className="deposit-sheet"
      >
        <BalanceLines balance={balance} className="deposit-sheet__balance" />
        <MethodList kind={DEPOSIT} onChoose={setMethod} />
      </Sheet>
      {open && method ? (
        <PaymentDialog
          method={method}
          kind={DEPOSIT}
          title={titleOf(method)}
          balance={balance}
          onClose={close}
        />
      ) : null}
    </>
  );
}

export default DepositSheet;
