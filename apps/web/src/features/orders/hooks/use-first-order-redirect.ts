import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { roleCan, type Role, type User } from '@copydesk/shared';

const doneKey = (userId: number) => `firstOrderRedirect:${userId}`;

/**
 * A user with no orders is sent once to the create-order page.
 * The first sign-in belongs to the welcome guide, which already offers Place an order; the next
 * sign-in of a customer who still has no order lands on /create, once (remembered here).
 */
export function useFirstOrderRedirect(user: User | null, role: Role | null) {
  const navigate = useNavigate();
  const due = Boolean(user && roleCan(role, 'orders.create') && user.order_count === 0 && user.login_count === 2);
  useEffect(() => {
    if (!due || !user || localStorage.getItem(doneKey(user.id))) return;
    localStorage.setItem(doneKey(user.id), '1');
    navigate('/create', { replace: true });
  }, [due, user, navigate]);
}
